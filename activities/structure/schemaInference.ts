import { fullFormats } from 'ajv-formats/dist/formats';

export type Schema = Record<string, unknown>;

// Formats worth naming when every example string has them, most specific first; ajv-formats' own checks decide.
const STRING_FORMATS = ['date-time', 'date', 'time', 'email', 'uuid', 'ipv4', 'ipv6', 'uri'] as const;

function hasFormat(format: (typeof STRING_FORMATS)[number], value: string): boolean {
  const check = fullFormats[format] as unknown;
  if (check instanceof RegExp) return check.test(value);
  if (typeof check === 'function') return (check as (v: string) => boolean)(value);
  const validate = (check as { validate?: RegExp | ((v: string) => boolean) }).validate;
  return validate instanceof RegExp ? validate.test(value) : typeof validate === 'function' ? validate(value) : false;
}

function jsonType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

/**
 * The narrowest draft-07 schema every example satisfies: types merged (integer widens to number), object keys
 * present in every example required, array items merged across arrays, string formats kept when all agree.
 */
export function inferSchema(values: readonly unknown[]): Schema {
  const types = new Set(values.map(jsonType));
  if (types.has('integer') && types.has('number')) types.delete('integer');
  const schemas: Schema[] = [];
  for (const type of types) {
    const ofType = values.filter((v) => jsonType(v) === type || (type === 'number' && jsonType(v) === 'integer'));
    if (type === 'object') {
      const objects = ofType as Record<string, unknown>[];
      const keys = [...new Set(objects.flatMap(Object.keys))];
      const properties = Object.fromEntries(keys.map((k) => [k, inferSchema(objects.filter((o) => k in o).map((o) => o[k]))]));
      const required = keys.filter((k) => objects.every((o) => k in o));
      schemas.push({ type: 'object', properties, ...(required.length ? { required } : {}) });
    } else if (type === 'array') {
      const items = (ofType as unknown[][]).flat();
      schemas.push({ type: 'array', ...(items.length ? { items: inferSchema(items) } : {}) });
    } else if (type === 'string') {
      const strings = ofType as string[];
      const format = strings.length ? STRING_FORMATS.find((f) => strings.every((s) => hasFormat(f, s))) : undefined;
      schemas.push({ type: 'string', ...(format ? { format } : {}) });
    } else schemas.push({ type });
  }
  if (schemas.length === 1) return schemas[0]!;
  // Only scalar types: a type list reads better than anyOf.
  if (schemas.every((s) => Object.keys(s).length === 1)) return { type: schemas.map((s) => s.type as string) };
  return { anyOf: schemas };
}
