import { fieldSpecsOf, type FieldKind, type FieldSpec } from './fieldSpecs';
import { sentenceSpans } from '../tools/nlp/sentenceSpans';
import { candidatesIn, numberIn, type Candidate } from './valueCandidates';
import type { documentTools } from '../../schema/documents/documentTools';
import type { ToolArguments, WithPageText } from '../../schema/registry/toolInput';

/** The input of /extract, derived from its registry entry (schema/documents/documentTools.ts), a `url` read into `text`. */
export type ExtractInput = WithPageText<ToolArguments<typeof documentTools, 'extract'>>;

export interface Evidence {
  text: string;
  start: number;
  end: number;
  method: 'label' | 'phrase' | 'entity';
}

export interface ExtractResult {
  data: Record<string, unknown>;
  found: string[];
  missing: string[];
  evidence: Record<string, Evidence | Evidence[]>;
}

// Which candidate kinds can fill a field of a kind ("number" fields take amounts and percentages too).
const ACCEPTS: Partial<Record<FieldKind, FieldKind[]>> = {
  datetime: ['date'],
  number: ['number', 'money', 'percent'],
  integer: ['number'],
  money: ['money', 'number'],
  percent: ['percent', 'number'],
};

// Kinds too common to take the first one in the text: a bare number or code fills a field only next to its name.
const ANCHORED = new Set<FieldKind>(['string', 'boolean', 'identifier', 'number', 'integer']);

const wordsOfName = (name: string) =>
  name
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length > 1);

/** "Invoice number: 123" — labelled lines and "field is value" phrases, found by the field's own words. */
function labelled(text: string, field: FieldSpec): Evidence | undefined {
  const words = wordsOfName(field.name);
  if (!words.length) return undefined;
  const name = words.map((w) => w.replace(/s$/, '')).join('[\\s_-]*') + 's?';
  const label = new RegExp(`(?:^|\\n|[;,]\\s*)\\s*[-*•]?\\s*(?:the\\s+)?${name}\\s*(?:[:=–—-]|\\bis\\b|\\bwas\\b|\\bare\\b)\\s*([^\\n;]+)`, 'i');
  const m = label.exec(text);
  if (!m) return undefined;
  const value = m[1]!.replace(/\.\s.*$|\.$/, '').trim();
  if (!value) return undefined;
  const start = m.index + m[0].lastIndexOf(m[1]!);
  return { text: value, start, end: start + value.length, method: /[:=–—-]\s*$/.test(m[0].slice(0, m[0].length - m[1]!.length)) ? 'label' : 'phrase' };
}

function typed(kind: FieldKind, type: string, raw: string | number): unknown {
  if (kind === 'boolean') return typeof raw === 'string' ? /^(yes|true|y|1|on|enabled|required)\b/i.test(raw.trim()) : raw !== 0;
  if (type === 'integer') {
    const n = typeof raw === 'number' ? raw : numberIn(raw);
    return n === undefined ? null : Math.round(n);
  }
  if (type === 'number') return typeof raw === 'number' ? raw : (numberIn(raw) ?? null);
  return String(raw);
}

/**
 * Schema-guided extraction: each field is filled from a labelled line or "X is Y" phrase naming it, else from the
 * nearest typed value (email, date, amount, person …) in the sentence that mentions the field, else the first of
 * its kind; what cannot be found is null, never guessed.
 */
export function extractFields(input: ExtractInput, now: Date): ExtractResult {
  const reference = input.reference_date ? new Date(input.reference_date) : now;
  const fields = fieldSpecsOf(input.schema);
  const kinds = (list: FieldSpec[]): FieldKind[] => list.flatMap((f) => (f.kind === 'object' ? kinds(f.fields ?? []) : (ACCEPTS[f.kind] ?? [f.kind])));
  const candidates = candidatesIn(input.text, reference, new Set(kinds(fields)));
  const sentences = sentenceSpans(input.text);
  const used = new Set<Candidate>();
  const result: ExtractResult = { data: {}, found: [], missing: [], evidence: {} };

  const fill = (fields: FieldSpec[], target: Record<string, unknown>, prefix: string) => {
    for (const field of fields) {
      const key = prefix + field.name;
      if (field.kind === 'object') {
        const inner: Record<string, unknown> = {};
        fill(field.fields ?? [], inner, `${key}.`);
        target[field.name] = Object.values(inner).some((v) => v !== null) ? inner : null;
        continue;
      }
      const kinds = ACCEPTS[field.kind] ?? [field.kind];
      const ofKind = candidates.filter((c) => kinds.includes(c.kind));
      if (field.many) {
        const all = ofKind.filter((c) => c.kind === ofKind[0]?.kind);
        target[field.name] = all.length
          ? all.map((c) => typed(field.kind, field.type, field.kind === 'datetime' || field.kind === 'date' ? c.value : c.value))
          : null;
        if (all.length) result.evidence[key] = all.map((c) => ({ text: c.text, start: c.start, end: c.end, method: 'entity' as const }));
        (all.length ? result.found : result.missing).push(key);
        continue;
      }
      const label = labelled(input.text, field);
      // A label's value must itself be of the field's kind when the kind is typed: "Email: none" fills nothing.
      const inLabel = label && ofKind.find((c) => c.start >= label.start && c.start < label.end);
      let value: unknown = null;
      let evidence: Evidence | undefined;
      if (inLabel) {
        value = typed(field.kind, field.type, inLabel.value);
        evidence = { text: inLabel.text, start: inLabel.start, end: inLabel.end, method: label!.method };
        used.add(inLabel);
      } else if (label && ['string', 'boolean', 'person', 'organization', 'place'].includes(field.kind)) {
        value = typed(field.kind, field.type, label.text);
        evidence = label;
      } else {
        const chosen = nearestMention(input.text, field, ofKind, sentences, used) ?? (ANCHORED.has(field.kind) ? undefined : ofKind.find((c) => !used.has(c)));
        if (chosen) {
          value = typed(field.kind, field.type, chosen.value);
          evidence = { text: chosen.text, start: chosen.start, end: chosen.end, method: 'entity' };
          used.add(chosen);
        }
      }
      target[field.name] = value ?? null;
      if (value !== null && value !== undefined && evidence) {
        result.found.push(key);
        result.evidence[key] = evidence;
      } else result.missing.push(key);
    }
  };
  fill(fields, result.data, '');
  return result;
}

/** The value of the right kind closest to a mention of the field's words, within the same sentence. */
function nearestMention(
  text: string,
  field: FieldSpec,
  ofKind: Candidate[],
  sentences: ReturnType<typeof sentenceSpans>,
  used: Set<Candidate>,
): Candidate | undefined {
  // "invoice_number" is found by "invoice": the generic word names the kind, not the thing.
  const generic = ['name', 'the', 'of', 'id', 'number', 'no', 'code', 'ref', 'reference'];
  const all = wordsOfName(field.name);
  const words = all.filter((w) => !generic.includes(w)).length ? all.filter((w) => !generic.includes(w)) : all;
  let best: { c: Candidate; distance: number } | undefined;
  for (const word of words) {
    for (const m of text.matchAll(new RegExp(`\\b${word.replace(/s$/, '')}s?\\b`, 'gi'))) {
      const sentence = sentences.find((s) => m.index >= s.start && m.index < s.end);
      if (!sentence) continue;
      for (const c of ofKind) {
        if (used.has(c) || c.start < sentence.start || c.end > sentence.end) continue;
        const distance = Math.abs(c.start - m.index);
        if (!best || distance < best.distance) best = { c, distance };
      }
    }
  }
  return best?.c;
}
