import type { Schema } from './schemaInference';

/** Type words a description may use, and the schema each names. */
const TYPE_WORDS: [RegExp, Schema][] = [
  [/^(date[-_ ]?time|datetime|timestamp)$/, { type: 'string', format: 'date-time' }],
  [/^date$/, { type: 'string', format: 'date' }],
  [/^time$/, { type: 'string', format: 'time' }],
  [/^e-?mail(\s+address)?$/, { type: 'string', format: 'email' }],
  [/^(url|uri|link)$/, { type: 'string', format: 'uri' }],
  [/^uuid$/, { type: 'string', format: 'uuid' }],
  [/^(int|integer|long|whole number)$/, { type: 'integer' }],
  [/^(number|float|double|decimal|numeric|money|currency|price)$/, { type: 'number' }],
  [/^(bool|boolean|flag|yes\/no)$/, { type: 'boolean' }],
  [/^(string|str|text|varchar|char)$/, { type: 'string' }],
  [/^(object|map|dict|record)$/, { type: 'object' }],
  [/^(array|list)$/, { type: 'array' }],
];

// Untyped fields are typed by their names: "email" is an email, "age" an integer, "created_at" a date-time.
const NAME_TYPES: [RegExp, Schema][] = [
  [/e-?mail/, { type: 'string', format: 'email' }],
  [/(^|_)(url|website|homepage|link|avatar|image)($|_)/, { type: 'string', format: 'uri' }],
  [/(_at|_time|timestamp)$/, { type: 'string', format: 'date-time' }],
  [/(^|_)(date|birthday|dob)($|_)|_on$/, { type: 'string', format: 'date' }],
  [/(^|_)uuid($|_)/, { type: 'string', format: 'uuid' }],
  [/^(is|has|can|should)_|(^|_)(active|enabled|verified|deleted)$/, { type: 'boolean' }],
  [/(^|_)(age|count|quantity|qty|year|rank|position|number_of)($|_)|^(id|num)$|_id$/, { type: 'integer' }],
  [/(^|_)(price|amount|cost|total|salary|balance|rate|score|rating|latitude|longitude|lat|lng|weight|height)($|_)/, { type: 'number' }],
  [/(^|_)(tags|items|list|ids)$/, { type: 'array', items: { type: 'string' } }],
];

const snake = (s: string) =>
  s
    .trim()
    .replace(/([a-z])([A-Z])/g, '$1_$2')
    .toLowerCase()
    .replace(/^(an?|the)\s+/, '')
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_|_$/g, '');

function typeFromWords(words: string): Schema | undefined {
  const w = words.trim().toLowerCase();
  const list = /^(?:array|list)\s+of\s+(.+?)$|^(.+?)\[\]$/.exec(w);
  if (list) return { type: 'array', items: typeFromWords((list[1] ?? list[2])!.replace(/s$/, '')) ?? { type: 'string' } };
  const oneOf = /^(?:enum|one of)\s*[:(]?\s*(.+?)\)?$/.exec(w);
  if (oneOf)
    return {
      type: 'string',
      enum: oneOf[1]!
        .split(/\s*[|,/]\s*|\s+or\s+/)
        .map((v) => v.replace(/^["']|["']$/g, ''))
        .filter(Boolean),
    };
  return TYPE_WORDS.find(([re]) => re.test(w))?.[1];
}

function typeFromName(name: string): Schema {
  return NAME_TYPES.find(([re]) => re.test(name))?.[1] ?? { type: 'string' };
}

/** Splits at commas, semicolons and new lines that are not inside parentheses. */
function items(description: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let current = '';
  for (const ch of description) {
    if (ch === '(' || ch === '[') depth++;
    if (ch === ')' || ch === ']') depth = Math.max(0, depth - 1);
    if (depth === 0 && /[,;\n]/.test(ch)) {
      out.push(current);
      current = '';
    } else current += ch;
  }
  out.push(current);
  return out
    .map((s) =>
      s
        .replace(/^\s*(?:[-*•]|\d+[.)])\s*/, '')
        .replace(/^\s*(?:and|or)\s+/i, '')
        .trim(),
    )
    .filter(Boolean);
}

/**
 * A schema from described fields: "name: string, age: integer, email", lines like "- tags (list of strings,
 * optional)", or prose "a user with a name, an age and an email address". Fields are required unless marked optional.
 */
export function schemaFromDescription(description: string): Schema {
  // Prose: the fields are what follows "with" / "has" / "containing".
  const prose = /\b(?:with|has|having|containing|includes?|including|fields?)\b[:\s]+(.+)$/is.exec(description);
  const isProse = !/[:(]/.test(description) && !description.includes('\n') && !!prose;
  // In prose "and" separates fields too: "a name, an age and an email address".
  const source = isProse ? prose[1]!.replace(/\s+and\s+/gi, ', ').replace(/[.!]+$/, '') : description;
  const properties: Record<string, Schema> = {};
  const required: string[] = [];
  for (const item of items(source)) {
    const m = /^(?<name>[\w .'-]+?)\s*(?:[:=–—-]\s*(?<type1>.+)|\((?<type2>[^)]*)\)(?<rest>.*))?$/.exec(item);
    if (!m?.groups?.name) continue;
    const name = snake(m.groups.name.replace(/\b(?:optional|required)\b/gi, ''));
    if (!name) continue;
    const spec = (m.groups.type1 ?? m.groups.type2 ?? '').trim();
    const optional = /\boptional\b/i.test(item);
    const parts = spec.split(/\s*,\s*/).filter((p) => !/^(optional|required)$/i.test(p));
    const schema = typeFromWords(parts[0] ?? '') ?? typeFromWords(m.groups.name) ?? typeFromName(name);
    const described = parts
      .slice(typeFromWords(parts[0] ?? '') ? 1 : 0)
      .join(', ')
      .trim();
    properties[name] = { ...schema, ...(described && !typeFromWords(described) ? { description: described } : {}) };
    if (!optional) required.push(name);
  }
  return { type: 'object', properties, required };
}
