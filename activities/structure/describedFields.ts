import type { Schema } from './schemaInference';

/** Type words a description may use, and the schema each names (plurals too: "depth (numbers)"). */
const TYPE_WORDS: [RegExp, Schema][] = [
  [/^(?:date[-_ ]?times?|datetimes?|timestamps?|iso[- ]?8601(?: date[- ]?time)?)$/, { type: 'string', format: 'date-time' }],
  [/^dates?$/, { type: 'string', format: 'date' }],
  [/^times?$/, { type: 'string', format: 'time' }],
  [/^e-?mails?(?:\s+address(?:es)?)?$/, { type: 'string', format: 'email' }],
  [/^(?:urls?|uris?|links?|web ?sites?)$/, { type: 'string', format: 'uri' }],
  [/^uuids?$/, { type: 'string', format: 'uuid' }],
  [/^(?:int|ints|integers?|long|whole numbers?)$/, { type: 'integer' }],
  [/^(?:numbers?|floats?|doubles?|decimals?|numeric|money|currency|prices?)$/, { type: 'number' }],
  [/^(?:bool|booleans?|flags?|yes\/no|true\/false)$/, { type: 'boolean' }],
  [/^(?:strings?|str|text|varchar|char)$/, { type: 'string' }],
  [/^(?:objects?|maps?|dicts?|dictionary|record|json)$/, { type: 'object' }],
  [/^(?:arrays?|lists?)$/, { type: 'array' }],
];

// Untyped fields are typed by their names: "email" is an email, "age" an integer, "created_at" a date-time.
const NAME_TYPES: [RegExp, Schema][] = [
  [/e-?mail/, { type: 'string', format: 'email' }],
  [/(^|_)(url|website|homepage|link|avatar|image)($|_)/, { type: 'string', format: 'uri' }],
  [/(_at|_time|timestamp)$/, { type: 'string', format: 'date-time' }],
  [/(^|_)(date|birthday|dob)($|_)|_on$/, { type: 'string', format: 'date' }],
  [/(^|_)uuid($|_)/, { type: 'string', format: 'uuid' }],
  [/^(is|has|can|should)_|(^|_)(active|enabled|verified|deleted)$/, { type: 'boolean' }],
  // An identifier the description does not type may be a number or a code ("device_id": 7 or "th-12").
  [/^id$|_id$/, { type: ['integer', 'string'] }],
  [/(^|_)(age|count|quantity|qty|year|rank|position|number_of)($|_)|^num$/, { type: 'integer' }],
  [/(^|_)(price|amount|cost|total|salary|balance|rate|score|rating|latitude|longitude|lat|lng|weight|height)($|_)/, { type: 'number' }],
  [/(^|_)(tags|items|list|ids)$/, { type: 'array', items: { type: 'string' } }],
];

const MARKER = /^(?:required|optional|mandatory|nullable)$/i;

const snake = (s: string) =>
  s
    .trim()
    .replace(/([a-z])([A-Z])/g, '$1_$2')
    .toLowerCase()
    .replace(/^(?:an?|the|some|its?|their)\s+/, '')
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_|_$/g, '');

const singular = (word: string) => word.replace(/ies$/, 'y').replace(/(?<=[^s])s$/, '');

function typeWord(words: string): Schema | undefined {
  const w = words.trim().toLowerCase();
  return TYPE_WORDS.find(([re]) => re.test(w))?.[1];
}

const typeFromName = (name: string): Schema => NAME_TYPES.find(([re]) => re.test(name))?.[1] ?? { type: 'string' };

/** Splits at commas, semicolons and new lines outside brackets; "and"/"or" too when `words` is set. */
function splitTop(text: string, words: RegExp | undefined): { text: string; afterAnd: boolean }[] {
  const out: { text: string; afterAnd: boolean }[] = [];
  let depth = 0;
  let current = '';
  let afterAnd = false;
  const push = (next: boolean) => {
    out.push({ text: current, afterAnd });
    current = '';
    afterAnd = next;
  };
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (ch === '(' || ch === '[') depth++;
    if (ch === ')' || ch === ']') depth = Math.max(0, depth - 1);
    if (depth === 0 && /[,;\n]/.test(ch)) {
      push(false);
      continue;
    }
    if (depth === 0 && words) {
      const m = words.exec(text.slice(i));
      if (m && m.index === 0 && /\s/.test(ch)) {
        push(true);
        i += m[0].length - 1;
        continue;
      }
    }
    current += ch;
  }
  push(false);
  return out
    .map((p) => {
      const stripped = p.text
        .trim()
        .replace(/^(?:[-*•]|\d+[.)])\s+/, '')
        .replace(/[.!]+$/, '')
        .trim();
      const leadingAnd = /^(?:and|or)\s+/i.test(stripped);
      return { text: stripped.replace(/^(?:and|or)\s+/i, '').trim(), afterAnd: p.afterAnd || leadingAnd };
    })
    .filter((p) => p.text);
}

const AND = /^\s+and\s+/i;

interface Field {
  name: string;
  schema: Schema;
  marker?: 'required' | 'optional';
  /** Untyped, so a plural type after the last of its group ("width, height and depth (numbers)") applies to it. */
  untyped: boolean;
  /** The type came as a plural ("(numbers)"): it reaches back over the untyped fields of its group. */
  sharedType: boolean;
}

/** A number, or undefined. */
const num = (s: string | undefined) => (s !== undefined && s.trim() !== '' && Number.isFinite(Number(s)) ? Number(s) : undefined);

/**
 * One part of a field's spec: a type word, a marker, a default or an example, a range or length, "one of …" (an
 * enum), "list of …" (an array) or "object with …" (nested fields). Returns what it adds to the schema.
 */
function specPart(part: string, into: { schema: Schema; marker?: 'required' | 'optional'; sharedType: boolean; enumWords: string[] }): void {
  let p = part.trim();
  if (!p) return;
  if (MARKER.test(p)) {
    into.marker = /optional|nullable/i.test(p) ? 'optional' : 'required';
    return;
  }
  // "optional array of strings": a marker leading a spec.
  const leadingMarker = /^(optional|required|nullable)\s+(.+)$/i.exec(p);
  if (leadingMarker) {
    into.marker = /optional|nullable/i.test(leadingMarker[1]!) ? 'optional' : 'required';
    p = leadingMarker[2]!;
  }
  const listOf = /^(?:an?\s+)?(?:array|list)\s+of\s+(.+)$/i.exec(p) ?? /^(.+?)\[\]$/.exec(p);
  if (listOf) {
    into.schema = { ...into.schema, type: 'array', items: itemsOf(listOf[1]!) };
    return;
  }
  const objectWith = /^(?:an?\s+)?(?:object|map|record)\s+(?:with|of|containing)\s+(.+)$/i.exec(p);
  if (objectWith) {
    into.schema = { ...into.schema, ...objectOf(objectWith[1]!) };
    return;
  }
  const oneOf = /^(?:enum|one of)\s*[:(]?\s*(.+?)\)?$/i.exec(p);
  if (oneOf) {
    into.enumWords.push(...words(oneOf[1]!));
    return;
  }
  const byDefault = /^default(?:s)?(?:\s+(?:is|to|of|=|:))?\s+(.+)$/i.exec(p);
  if (byDefault) {
    const v = byDefault[1]!.trim().replace(/^["']|["']$/g, '');
    into.schema = { ...into.schema, default: v === 'true' ? true : v === 'false' ? false : (num(v) ?? v) };
    return;
  }
  if (/^(?:e\.g\.|eg|for example|example|such as)\b/i.test(p)) {
    into.schema = { ...into.schema, examples: [p.replace(/^(?:e\.g\.|eg|for example|example|such as)[:,]?\s*/i, '')] };
    return;
  }
  // "3-letter ISO code", "2-letter code": a fixed length.
  const fixed = /\b(\d+)-(?:letter|character|char|digit)\b/i.exec(p);
  if (fixed) {
    const n = Number(fixed[1]);
    into.schema = { type: 'string', ...stripType(into.schema), minLength: n, maxLength: n };
    return;
  }
  // The type word may lead the part ("integer between 1 and 10", "number, minimum 0").
  const [lead = '', ...rest] = p.split(/\s+/);
  const leading = typeWord(lead) ?? typeWord(p);
  if (leading) {
    into.schema = { ...leading, ...stripType(into.schema) };
    if (/s$/i.test(lead) && !/^(?:bool|str|class|status)$/i.test(lead) && typeWord(lead) && lead.toLowerCase() !== 'ids') into.sharedType = true;
    if (typeWord(p)) return;
  }
  const constraint = leading ? rest.join(' ') : p;
  if (applyRange(constraint, into)) return;
  // Anything else short and word-like is a candidate enum value ("debug, info, warn or error").
  if (!leading && /^[\w .'/-]{1,30}$/.test(p)) into.enumWords.push(...words(p));
}

const stripType = (schema: Schema): Schema => {
  const { type: _type, format: _format, ...rest } = schema;
  return rest;
};

/** "a, b or c", "a|b|c", "a/b/c" → the values. */
function words(list: string): string[] {
  return list
    .split(/\s*(?:[|,/]|\bor\b|\band\b)\s*/)
    .map((v) => v.trim().replace(/^["']|["']$/g, ''))
    .filter(Boolean);
}

/** "between 1 and 10", "from 1 to 5", "3 to 20 characters", "at least 12", "minimum 0", "up to 100". */
function applyRange(text: string, into: { schema: Schema }): boolean {
  const t = text.trim().toLowerCase();
  if (!t) return false;
  const chars = /\b(?:characters?|chars?|letters?)\b/.test(t);
  const [minKey, maxKey] = chars ? ['minLength', 'maxLength'] : ['minimum', 'maximum'];
  const n = '(-?\\d+(?:\\.\\d+)?)';
  const between = new RegExp(`(?:between|from)?\\s*${n}\\s*(?:and|to|-|–)\\s*${n}`).exec(t);
  const atLeast = new RegExp(`(?:at least|minimum(?: of)?|min\\.?|>=|no less than|greater than or equal to)\\s*${n}`).exec(t);
  const atMost = new RegExp(`(?:at most|maximum(?: of)?|max\\.?|<=|up to|no more than)\\s*${n}`).exec(t);
  const bounds: Schema = {};
  if (between) Object.assign(bounds, { [minKey]: Number(between[1]), [maxKey]: Number(between[2]) });
  if (atLeast) bounds[minKey] = Number(atLeast[1]);
  if (atMost) bounds[maxKey] = Number(atMost[1]);
  if (/^positive\b/.test(t)) bounds.exclusiveMinimum = 0;
  if (!Object.keys(bounds).length) return false;
  const base = chars ? { type: 'string' } : into.schema.type ? {} : { type: 'number' };
  into.schema = { ...base, ...into.schema, ...bounds };
  return true;
}

/** The items of "list of …": a type ("strings", "emails"), objects ("objects with a, b"), or named things ("course codes"). */
function itemsOf(what: string): Schema {
  const withFields = /^(.*?)\s+(?:with|having|containing)\s+(.+)$/i.exec(what);
  if (withFields) return objectOf(withFields[2]!);
  return typeWord(what) ?? typeWord(singular(what.trim().split(/\s+/).pop() ?? '')) ?? { type: 'string' };
}

/** "name and email", "id (string) and status (one of …)": an object of the listed fields. */
function objectOf(list: string): Schema {
  return schemaOfFields(splitTop(list, AND));
}

/** A spec's comma-separated parts, except that "objects with a, b and c" keeps its field list whole. */
function specParts(spec: string): string[] {
  const nested = /\b(?:with|having|containing)\b/i.exec(spec);
  if (!nested) return splitTop(spec, undefined).map((p) => p.text);
  const before = splitTop(spec.slice(0, nested.index), undefined).map((p) => p.text);
  const last = before.pop() ?? '';
  return [...before, `${last} ${spec.slice(nested.index)}`.trim()];
}

/** One item of a field list as a field: its name, and whatever its spec (after ":", " - ", in brackets) says of it. */
function fieldOf(item: string): { field: Field; opens?: string } | undefined {
  let text = item.trim();
  // "author with name and email": a nested object; the rest of the group follows in later items.
  const nested = /^([\w .'-]+?)\s+(?:with|having|containing)\s+(.+)$/i.exec(text);
  let opens: string | undefined;
  if (nested && !/[(:]/.test(nested[1]!)) {
    text = nested[1]!;
    opens = nested[2]!;
  }
  const m = /^(?<name>[^:(=]+?)\s*(?:(?::|=|\s[-–—]\s)\s*(?<colon>.+)|\((?<paren>.*)\)(?<rest>.*))?$/s.exec(text);
  if (!m?.groups?.name) return undefined;
  let rawName = m.groups.name.trim().replace(/^(?:an?|the)\s+/i, '');
  const into = { schema: {} as Schema, marker: undefined as 'required' | 'optional' | undefined, sharedType: false, enumWords: [] as string[] };
  // "optional comment", "a required title": markers inside the name.
  const inName = /\b(optional|required)\b/i.exec(rawName);
  if (inName) {
    into.marker = inName[1]!.toLowerCase() as 'optional' | 'required';
    rawName = rawName.replace(/\b(?:optional|required)\b\s*/i, '');
  }
  // "a list of replies" names the field by what it lists.
  const listed = /^(?:an?\s+)?(?:list|array|set)\s+of\s+(.+)$/i.exec(rawName);
  if (listed) {
    rawName = listed[1]!;
    into.schema = { type: 'array', items: { type: 'string' } };
  }
  // "created_at timestamp": an identifier followed by a type word; "start date" is one name, typed by it.
  const [head, ...tail] = rawName.split(/\s+/);
  const last = tail[tail.length - 1];
  if (last && tail.length === 1 && /_|[a-z][A-Z]/.test(head!) && typeWord(last)) {
    rawName = head!;
    into.schema = { ...typeWord(last) };
  }
  const name = snake(rawName);
  if (!name) return undefined;
  const spec = m.groups.colon ?? m.groups.paren;
  if (spec !== undefined) {
    const dashed = m.groups.colon !== undefined && /\s[-–—]\s/.test(spec) ? spec.split(/\s[-–—]\s/) : undefined;
    const parts = dashed ?? (/^\s*(?:enum|one of)\b/i.test(spec) ? [spec] : specParts(spec));
    for (const part of parts) specPart(part, into);
  }
  if (into.enumWords.length >= 2 || (into.enumWords.length === 1 && spec && /^\s*(?:enum|one of)\b/i.test(spec))) {
    into.schema = { type: 'string', ...stripType(into.schema), enum: into.enumWords };
  }
  const typed = into.schema.type !== undefined || into.schema.enum !== undefined;
  const schema = typed ? into.schema : { ...typeFromName(name), ...into.schema };
  return {
    field: { name, schema, ...(into.marker ? { marker: into.marker } : {}), untyped: !typed, sharedType: into.sharedType },
    ...(opens ? { opens } : {}),
  };
}

/**
 * The fields of one object from its items. An item "x with a" (or "x, an object with a", "a list of x, each with a")
 * opens a nested object that takes the following items until one joined by "and" has been taken: "address with
 * street, city and country, and a phone" nests three fields, then returns. Fields are required unless the list marks
 * some "required" (then only those are) or marks them "optional".
 */
function schemaOfFields(items: readonly { text: string; afterAnd: boolean }[]): Schema {
  const fields: Field[] = [];
  let group: { owner: Field; items: { text: string; afterAnd: boolean }[]; array: boolean } | undefined;
  const close = () => {
    if (!group) return;
    const object = schemaOfFields(group.items);
    group.owner.schema = group.array ? { ...group.owner.schema, type: 'array', items: object } : { ...stripType(group.owner.schema), ...object };
    group.owner.untyped = false;
    group = undefined;
  };
  for (const item of items) {
    const appositive =
      /^(?:an?\s+)?(?:object|map|record)\s+(?:with|of|containing)\s+(.+)$/i.exec(item.text) ?? /^each\s+(?:with|having|containing)\s+(.+)$/i.exec(item.text);
    const owner = fields[fields.length - 1];
    if (appositive && owner) {
      close();
      group = { owner, items: splitTop(appositive[1]!, AND), array: /^each\b/i.test(item.text) || owner.schema.type === 'array' };
      continue;
    }
    if (group) {
      group.items.push(item);
      if (item.afterAnd) close();
      continue;
    }
    const parsed = fieldOf(item.text);
    if (!parsed) continue;
    fields.push(parsed.field);
    if (parsed.opens) {
      group = { owner: parsed.field, items: splitTop(parsed.opens, AND), array: false };
      // "author with name and email" holds its own "and": the group is already complete.
      if (AND.test(` ${parsed.opens} `.replace(/\([^)]*\)/g, ''))) close();
    }
  }
  close();
  // A plural type at the end of a run ("width, height and depth (numbers)") types the untyped fields before it.
  fields.forEach((f, i) => {
    if (!f.sharedType) return;
    for (let k = i - 1; k >= 0 && fields[k]!.untyped; k--) fields[k]!.schema = { ...fields[k]!.schema, ...f.schema };
  });
  const marked = fields.some((f) => f.marker === 'required');
  const properties = Object.fromEntries(fields.map((f) => [f.name, f.schema]));
  const required = fields.filter((f) => (marked ? f.marker === 'required' : f.marker !== 'optional')).map((f) => f.name);
  return { type: 'object', properties, required };
}

// What introduces the field list: "A blog post with:", "Order:", "Create a schema for a book:", a title line.
const PROSE_LEAD =
  /^(?<title>[^,:()\n]{1,80}?)\s+(?:with|has|have|having|containing|contains|includes|including|consisting of|made up of|fields?)\b:?\s*(?<rest>.+)$/is;
const COLON_LEAD = /^(?<title>[^,:()\n]{1,60}):\s*(?<rest>.+)$/s;

/** The title and the field list of a description. */
function leadOf(description: string): { title?: string; list: string } {
  const text = description.trim().replace(/^(?:please\s+)?(?:create|generate|make|build|write|give me)\s+(?:an?\s+)?(?:json\s+)?schema\s+(?:for|of)\s+/i, '');
  const lines = text.split(/\r?\n/).filter((l) => l.trim());
  if (lines.length > 1 && !/^\s*(?:[-*•]|\d+[.)])/.test(lines[0]!) && !/[(]/.test(lines[0]!) && !/:\s*\S/.test(lines[0]!))
    return { title: lines[0]!.replace(/:\s*$/, '').trim(), list: lines.slice(1).join('\n') };
  const colon = COLON_LEAD.exec(text);
  // "name: string, …" is a field with its type, not a title: the first item after the colon would be a bare type.
  if (colon && lines.length === 1) {
    const first = splitTop(colon.groups!.rest!, undefined)[0]?.text ?? '';
    if (!typeWord(first) && !/^(?:one of|enum|list of|array of)\b/i.test(first)) {
      const title = colon.groups!.title!.replace(/\s+(?:with|has|have|having|containing|contains|includes|including|fields?)\s*$/i, '');
      return { title: title.trim(), list: colon.groups!.rest! };
    }
  }
  const prose = PROSE_LEAD.exec(text);
  if (prose && lines.length === 1) return { title: prose.groups!.title!.trim(), list: prose.groups!.rest! };
  return { list: text };
}

/**
 * A schema from described fields: "name: string, age: integer, email", lines like "- tags (list of strings,
 * optional)", "price - number - required", or prose "a blog post with an id (uuid), a title (string, required) and an
 * author with name and email". Specs give types, formats, enums ("one of a, b", "a or b"), ranges ("between 1 and 10",
 * "at least 12 characters"), defaults, nested objects and arrays of objects.
 */
export function schemaFromDescription(description: string): Schema & { title?: string } {
  const { title, list } = leadOf(description);
  const schema = schemaOfFields(splitTop(list, AND));
  const name = title
    ?.replace(/^(?:an?|the)\s+/i, '')
    .replace(/\s+record$/i, '')
    .trim();
  return { ...(name ? { title: name.charAt(0).toUpperCase() + name.slice(1) } : {}), ...schema };
}
