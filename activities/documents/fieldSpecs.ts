/** What an extracted value is, decided from a field's type, format, name and description. */
export type FieldKind =
  | 'email'
  | 'url'
  | 'phone'
  | 'date'
  | 'datetime'
  | 'money'
  | 'percent'
  | 'integer'
  | 'number'
  | 'boolean'
  | 'person'
  | 'organization'
  | 'place'
  | 'identifier'
  | 'string'
  | 'object';

export interface FieldSpec {
  readonly name: string;
  readonly kind: FieldKind;
  readonly type: string;
  readonly many: boolean;
  readonly description?: string;
  readonly fields?: FieldSpec[];
}

type JsonSchemaLike = {
  type?: string | string[];
  format?: string;
  description?: string;
  properties?: Record<string, JsonSchemaLike>;
  items?: JsonSchemaLike;
  enum?: unknown[];
};

const FORMAT_KIND: Record<string, FieldKind> = {
  email: 'email',
  'idn-email': 'email',
  uri: 'url',
  url: 'url',
  'uri-reference': 'url',
  iri: 'url',
  date: 'date',
  'date-time': 'datetime',
  phone: 'phone',
};

// Field names that say what kind of value they hold, checked in order: "contact_email" is an email before a contact.
const NAME_HINTS: [RegExp, FieldKind][] = [
  [/e-?mail/, 'email'],
  [/url|website|link|homepage|site/, 'url'],
  [/phone|mobile|tel(ephone)?|fax|cell/, 'phone'],
  [/(^|_)(date|day)($|_)|birthday|dob|deadline|_on$|_at$|when|time(stamp)?/, 'date'],
  [/price|cost|amount|total|salary|fee|budget|revenue|balance|payment|value_usd|usd|eur/, 'money'],
  [/percent|percentage|rate|ratio/, 'percent'],
  [/(^|_)(id|number|no|code|ref|reference|sku|serial|iban|vat)$/, 'identifier'],
  [/(^|_)(age|count|quantity|qty|number_of|num|year|years)($|_)/, 'integer'],
  [/(^|_)(is|has|can|should)_|enabled|active|remote|verified/, 'boolean'],
  [/person|(^|_)name$|^name|author|contact|owner|manager|ceo|founder|customer|client|employee|speaker|sender|recipient|assignee/, 'person'],
  [/company|organi[sz]ation|org|employer|vendor|supplier|firm|brand|publisher|school|university|bank/, 'organization'],
  [/city|country|location|place|address|region|state|town|headquarters|hq|venue/, 'place'],
];

const KIND_WORDS: Record<string, FieldKind> = {
  email: 'email',
  url: 'url',
  uri: 'url',
  link: 'url',
  phone: 'phone',
  date: 'date',
  datetime: 'datetime',
  timestamp: 'datetime',
  money: 'money',
  currency: 'money',
  price: 'money',
  percent: 'percent',
  percentage: 'percent',
  integer: 'integer',
  int: 'integer',
  number: 'number',
  float: 'number',
  decimal: 'number',
  boolean: 'boolean',
  bool: 'boolean',
  person: 'person',
  name: 'person',
  organization: 'organization',
  company: 'organization',
  org: 'organization',
  place: 'place',
  location: 'place',
  city: 'place',
  country: 'place',
  string: 'string',
  text: 'string',
};

function kindOf(name: string, schema: JsonSchemaLike): FieldKind {
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  if (schema.format && FORMAT_KIND[schema.format]) return FORMAT_KIND[schema.format]!;
  if (type === 'object') return 'object';
  if (type === 'boolean') return 'boolean';
  const key = `${name} ${schema.description ?? ''}`
    .trim()
    .replace(/([a-z])([A-Z])/g, '$1_$2')
    .toLowerCase()
    .replace(/[\s-]+/g, '_');
  const hinted = NAME_HINTS.find(([re]) => re.test(key))?.[1];
  if (type === 'integer') return hinted === 'money' || hinted === 'percent' ? hinted : 'integer';
  if (type === 'number') return hinted === 'money' || hinted === 'percent' || hinted === 'integer' ? hinted : 'number';
  return hinted ?? 'string';
}

function fromSchema(name: string, given: unknown): FieldSpec {
  // A caller's schema is any JSON: a field's entry may be null, a number or a type word as well as a sub-schema.
  const schema: JsonSchemaLike =
    typeof given === 'string' ? toSchema(given) : given && typeof given === 'object' && !Array.isArray(given) ? (given as JsonSchemaLike) : {};
  const type = (Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type) ?? 'string';
  if (type === 'array') {
    const item = fromSchema(name, schema.items ?? { type: 'string' });
    return { ...item, type: item.type, many: true };
  }
  const kind = kindOf(name, schema);
  return {
    name,
    kind,
    type,
    many: false,
    ...(schema.description ? { description: schema.description } : {}),
    ...(kind === 'object' && schema.properties && typeof schema.properties === 'object'
      ? { fields: Object.entries(schema.properties).map(([k, v]) => fromSchema(k, v)) }
      : {}),
  };
}

/**
 * Accepts the shapes callers send: a JSON Schema object, a map of field → type word or sub-schema
 * ({"email": "email", "age": "integer"}), or a list of field names or {name, type, description}.
 */
export function fieldSpecsOf(schema: unknown): FieldSpec[] {
  if (Array.isArray(schema)) {
    return schema.map((f: unknown) => {
      if (typeof f === 'string') return fromSchema(f, {});
      const entry = (f && typeof f === 'object' ? f : {}) as { name?: unknown; type?: unknown; description?: unknown };
      const text = (v: unknown) => (typeof v === 'string' ? v : undefined);
      return fromSchema(String(entry.name ?? ''), toSchema(text(entry.type), text(entry.description)));
    });
  }
  if (schema && typeof schema === 'object') {
    const s = schema as JsonSchemaLike;
    if (s.properties && typeof s.properties === 'object') return Object.entries(s.properties).map(([k, v]) => fromSchema(k, v));
    return Object.entries(schema as Record<string, unknown>).map(([k, v]) => fromSchema(k, v));
  }
  return [];
}

/** "email", "integer", "array of dates": a type word becomes the schema it names. */
function toSchema(word: string | undefined, description?: string): JsonSchemaLike {
  const desc = description ? { description } : {};
  if (!word) return desc;
  const w = word.toLowerCase().trim();
  const list = /^(?:array|list)(?:\s+of)?\s+(\w+?)s?$|^(\w+?)s?\[\]$/.exec(w);
  if (list) return { type: 'array', items: toSchema(list[1] ?? list[2]), ...desc };
  const kind = KIND_WORDS[w];
  switch (kind) {
    case 'email':
      return { type: 'string', format: 'email', ...desc };
    case 'url':
      return { type: 'string', format: 'uri', ...desc };
    case 'date':
      return { type: 'string', format: 'date', ...desc };
    case 'datetime':
      return { type: 'string', format: 'date-time', ...desc };
    case 'integer':
      return { type: 'integer', ...desc };
    case 'number':
      return { type: 'number', ...desc };
    case 'money':
      return { type: 'number', description: description ?? 'money amount' };
    case 'percent':
      return { type: 'number', description: description ?? 'percent' };
    case 'boolean':
      return { type: 'boolean', ...desc };
    case 'phone':
      return { type: 'string', format: 'phone', ...desc };
    case 'person':
    case 'organization':
    case 'place':
      return { type: 'string', description: description ?? kind };
    default:
      return { type: 'string', ...desc };
  }
}
