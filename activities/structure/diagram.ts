import { readDoc, sentencesOf, tokensOf } from '../tools/nlp/nlp';
import type { structureTools } from '../../schema/structure/structureTools';
import type { ToolArguments } from '../../schema/registry/toolInput';

/** One step as the caller gives it: a line of text, or its parts. */
export type StepSpec = NonNullable<DiagramInput['steps']>[number];

/** The input of /diagram, derived from its registry entry (schema/structure/structureTools.ts). */
export type DiagramInput = ToolArguments<typeof structureTools, 'diagram'>;

export interface DiagramResult {
  diagram: string;
  format: 'mermaid';
  type: 'flowchart' | 'sequence';
  nodes: number;
  edges: number;
}

interface Message {
  from: string;
  to: string;
  text: string;
}

const ARROW = /^(?<from>[^:>→-]+?)\s*(?:-+>>?|→|=>)\s*(?<to>[^:]+?)\s*:\s*(?<text>.+)$/;
// "The client sends the API a login request": a subject (one word, or a capitalised name), a verb of passing, the rest.
const PROSE_MESSAGE =
  /^(?:[Tt]he\s+)?(?<from>[A-Z][\w-]*(?:\s[A-Z][\w-]*)*|[a-z][\w-]*)\s+(?<verb>sends|asks|tells|calls|requests|returns|replies to|responds to|notifies|forwards|pays|queries|posts to|fetches from|redirects|passes|emails|invokes|forwards)\s+(?<rest>.+?)\.?$/;
const DECISION = /^(?:if|when|whether)\s+(?<condition>[^,]+),\s*(?:then\s+)?(?<yes>[^;]+?)(?:[;,]\s*(?:otherwise|else|if not),?\s*(?<no>.+?))?\.?$/i;

/** Steps from a list ("1. …", "- …"), lines of "A -> B: message", or, failing that, sentences and "then"-chains. */
export function stepsOf(text: string): string[] {
  const lines = text.split(/\r?\n/);
  const listed = lines.map((l) => /^\s*(?:\d+[.)]|[-*•]|step\s+\d+[:.])\s+(.+)$/i.exec(l)?.[1]?.trim()).filter((l): l is string => !!l);
  if (listed.length >= 2) return listed;
  const arrows = lines.map((l) => l.trim()).filter(Boolean);
  if (arrows.length >= 2 && arrows.every((l) => ARROW.test(l))) return arrows;
  return sentencesOf(readDoc(text))
    .flatMap((s) => s.split(/,?\s*\b(?:and\s+)?then\b\s*/i))
    .map((s) =>
      s
        .trim()
        .replace(/^(?:first|next|finally|after that|afterwards),?\s*/i, '')
        .replace(/[.]$/, ''),
    )
    .filter(Boolean);
}

/**
 * A step as a message between two parties. In prose the receiver is the first party (someone who is a subject
 * elsewhere) named after the verb, else the noun right after it: "The API returns a token to the client".
 */
function messageOf(step: StepSpec, parties: ReadonlySet<string>): Message | undefined {
  if (typeof step !== 'string') {
    if (step.from && step.to) return { from: step.from, to: step.to, text: step.message ?? step.label ?? step.text ?? '' };
    return undefined;
  }
  const arrow = ARROW.exec(step.trim());
  if (arrow) return { from: arrow.groups!.from!.trim(), to: arrow.groups!.to!.trim(), text: arrow.groups!.text!.trim() };
  const prose = PROSE_MESSAGE.exec(step.trim());
  if (!prose) return undefined;
  const { from = '', verb = '', rest = '' } = prose.groups!;
  const named = [...parties]
    .filter((p) => p !== from)
    .map((p) => ({ p, at: rest.search(new RegExp(`\\b${p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\b`)) }))
    .filter((x) => x.at >= 0)
    .sort((a, b) => a.at - b.at)[0];
  // "The Database returns the user record": a reply with no party named goes back to whoever asked (see sequence).
  if (!named && /^(returns|replies|responds)/.test(verb)) return { from, to: '', text: `${verb} ${rest}` };
  const to = named?.p ?? /^(?:(?:to|from)\s+)?(?:an?\s+|the\s+)?([\w-]+)/.exec(rest)?.[1];
  if (!to) return undefined;
  const text = `${verb} ${rest}`
    .replace(new RegExp(`\\s*\\b(?:to|from)?\\s*(?:the\\s+)?${to}\\b`), '')
    .replace(/\s{2,}/g, ' ')
    .trim();
  return { from, to, text };
}

function subjectsOf(steps: readonly StepSpec[]): Set<string> {
  return new Set(steps.map((s) => (typeof s === 'string' ? PROSE_MESSAGE.exec(s.trim())?.groups?.from : undefined)).filter((s): s is string => !!s));
}

// Mermaid reads quotes, semicolons and '#' in labels as syntax; entity codes keep the text as written.
const label = (s: string) => s.replace(/[";]/g, (c) => (c === '"' ? '#quot;' : '#59;')).trim();
const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const participantId = (name: string) => name.replace(/[^A-Za-z0-9_]/g, '_').replace(/^(\d)/, '_$1');

function sequence(raw: Message[]): DiagramResult {
  const messages: Message[] = [];
  for (const m of raw) {
    const askedBy = [...messages].reverse().find((earlier) => earlier.to === m.from)?.from;
    if (m.to || askedBy) messages.push({ ...m, to: m.to || askedBy! });
  }
  const participants = [...new Set(messages.flatMap((m) => [m.from, m.to]))];
  const lines = ['sequenceDiagram'];
  for (const p of participants) lines.push(participantId(p) === p ? `  participant ${p}` : `  participant ${participantId(p)} as ${label(p)}`);
  for (const m of messages) {
    // A reply goes back along a dashed arrow, as sequence diagrams draw returns.
    const reply = /^(returns|replies|responds)/i.test(m.text);
    lines.push(`  ${participantId(m.from)}${reply ? '-->>' : '->>'}${participantId(m.to)}: ${label(m.text) || 'message'}`);
  }
  return { diagram: lines.join('\n'), format: 'mermaid', type: 'sequence', nodes: participants.length, edges: messages.length };
}

/** Words two steps share, a noun counting twice a verb's worth: what a later step is about. */
function overlap(a: string, b: string): number {
  const weigh = (text: string) =>
    new Map(
      tokensOf(readDoc(text))
        .filter((t) => t.word && !t.stop)
        .map((t) => [t.lemma, t.pos === 'NOUN' || t.pos === 'PROPN' ? 1 : 0.5]),
    );
  const left = weigh(a);
  const right = weigh(b);
  let shared = 0;
  for (const [lemma, w] of left) if (right.has(lemma)) shared += Math.max(w, right.get(lemma)!);
  return shared;
}

function flowchart(steps: readonly StepSpec[], direction: 'TD' | 'LR'): DiagramResult {
  const lines = [`flowchart ${direction}`];
  const edges: string[] = [];
  const ids = new Map<string, string>();
  let counter = 0;
  const node = (text: string, shape: 'box' | 'decision' | 'terminal') => {
    const id = `n${++counter}`;
    const body = label(capital(text));
    lines.push(`  ${id}${shape === 'decision' ? `{"${body}"}` : shape === 'terminal' ? `(["${body}"])` : `["${body}"]`}`);
    return id;
  };
  // Each step leaves the ids that flow on to the next step (a decision leaves both branches, with their words).
  let open: { id: string; edge?: string; words?: string }[] = [];
  /**
   * After a decision, a step follows only the branches it speaks of: "If the failed attempts reach five, …" follows
   * "add one to the failed attempts", not "log the user in". A step that speaks of none rejoins them all.
   */
  const following = (words: string) => {
    if (open.length < 2 || open.every((o) => o.words === undefined)) return open;
    const scores = open.map((o) => overlap(words, o.words ?? ''));
    const best = Math.max(...scores);
    return best > 0 ? open.filter((_, k) => scores[k] === best) : open;
  };
  const explicit: [string, string][] = [];
  steps.forEach((step, i) => {
    const text = typeof step === 'string' ? step : (step.label ?? step.text ?? step.id ?? `Step ${i + 1}`);
    const terminal = /^(start|begin|end|stop|finish|done)\b/i.test(text) || (i === 0 && /^(start|begin)/i.test(text));
    const decision = typeof step === 'string' ? DECISION.exec(text.trim()) : undefined;
    if (decision) {
      const condition = decision.groups!.condition!.trim();
      const d = node(`${condition}?`, 'decision');
      for (const o of following(condition)) edges.push(`  ${o.id} -->${o.edge ? `|${o.edge}|` : ''} ${d}`);
      const yes = node(decision.groups!.yes!.trim(), 'box');
      edges.push(`  ${d} -->|Yes| ${yes}`);
      open = [{ id: yes, words: decision.groups!.yes! }];
      if (decision.groups!.no) {
        const no = node(decision.groups!.no.trim(), 'box');
        edges.push(`  ${d} -->|No| ${no}`);
        open.push({ id: no, words: decision.groups!.no });
      } else open.push({ id: d, edge: 'No', words: condition });
      return;
    }
    const isQuestion = text.trim().endsWith('?');
    const id = node(text, terminal ? 'terminal' : isQuestion ? 'decision' : 'box');
    if (typeof step !== 'string' && step.id) ids.set(step.id, id);
    if (typeof step !== 'string' && step.next) {
      for (const target of [step.next].flat()) explicit.push([id, target]);
      for (const o of open) edges.push(`  ${o.id} -->${o.edge ? `|${o.edge}|` : ''} ${id}`);
      open = [];
      return;
    }
    for (const o of following(text)) edges.push(`  ${o.id} -->${o.edge ? `|${o.edge}|` : ''} ${id}`);
    open = [{ id }];
  });
  for (const [from, target] of explicit) {
    const to = ids.get(target);
    if (to) edges.push(`  ${from} --> ${to}`);
  }
  return { diagram: [...lines, ...edges].join('\n'), format: 'mermaid', type: 'flowchart', nodes: counter, edges: edges.length };
}

/**
 * Mermaid from structured steps or a described process: a sequence diagram when the steps are messages between
 * parties ("A -> B: …", "the client sends the API …"), otherwise a flowchart whose "if …, …; otherwise …" steps
 * become decisions with Yes/No branches.
 */
export function buildDiagram(input: DiagramInput): DiagramResult {
  const steps: StepSpec[] = input.steps?.length ? [...input.steps] : stepsOf(input.text ?? '');
  const parties = subjectsOf(steps);
  const messages = steps.map((s) => messageOf(s, parties));
  const asSequence = input.type === 'sequence' || (input.type !== 'flowchart' && messages.filter(Boolean).length >= Math.max(2, Math.ceil(steps.length * 0.6)));
  if (asSequence) return sequence(messages.filter((m): m is Message => !!m));
  return flowchart(steps, input.direction ?? 'TD');
}
