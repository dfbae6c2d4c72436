import { clausesOf } from './clauses';
import { findDates } from '../tools/nlp/dates';
import type { ItemToken } from 'wink-nlp';
import { nlp, readDoc } from '../tools/nlp/nlp';
import { sentenceSpans, type Span } from '../tools/nlp/sentenceSpans';
import { synsetsOf } from '../tools/nlp/wordnet';
import type { structureTools } from '../../schema/structure/structureTools';
import type { ToolArguments } from '../../schema/registry/toolInput';

/** The input of /action, derived from its registry entry (schema/structure/structureTools.ts). */
export type ActionInput = ToolArguments<typeof structureTools, 'action'>;

export interface ActionItem {
  action: string;
  owner: string | null;
  due_date: string | null;
  due_text: string | null;
  priority: 'high' | 'medium' | 'low';
  /** How the clause was recognised: a modal commitment, an imperative, a request, or a marked item. */
  kind: 'commitment' | 'imperative' | 'request' | 'marked';
  source: string;
  start: number;
  end: number;
}

export interface ActionResult {
  action_items: ActionItem[];
  owners: string[];
  reference_date: string;
}

// "Alice will …", "the team needs to …", "Bob to …" (minutes style): what follows the subject commits it to a task.
const COMMITMENT = /^(?<subject>.*?)\s*\b(?<modal>will|shall|should|must|need(?:s)? to|ha(?:s|ve) to|(?:is|are|am) (?:going )?to|to)\s+(?<rest>.+)$/i;
const REQUEST = /^(?:(?<vocative>[A-Z][\w'’-]*),\s+)?(?:[Cc]an|[Cc]ould|[Ww]ould|[Ww]ill) you\s+(?<rest>.+?)(?:,\s*(?<trailing>[A-Z][\w'’-]*))?\??$/;
const MARKER = /^(?:todo|to-do|action(?: item)?|ai|task|follow[- ]up)\s*[:\-–]\s*(?<rest>.+)$/i;
const PLEASE = /^(?:(?<vocative>[A-Z][\w'’-]*),\s+)?please\s+(?<rest>.+)$/i;
const URGENT = /\b(asap|urgent(?:ly)?|immediately|critical|right away|as soon as possible|today|tonight|eod|end of (?:the )?day)\b/i;
const TENTATIVE = /\b(could|might|may|consider|optionally|if possible|nice to have)\b/i;
const DEADLINE_WORDS = /\s*(?:\b(?:by|before|until|no later than|due|on|at|in|within|for)\s+)?$/i;
const PRONOUN_SUBJECT = /^(?:I|we|you|they|he|she|someone|everyone)$/i;

interface Word {
  readonly value: string;
  readonly pos: string;
  readonly lemma: string;
}

function wordsOf(text: string): Word[] {
  const its = nlp().its;
  const out: Word[] = [];
  readDoc(text)
    .tokens()
    .each((t: ItemToken) => {
      out.push({ value: t.out(its.value) as string, pos: t.out(its.pos) as string, lemma: (t.out(its.normal) as string).toLowerCase() });
    });
  return out;
}

/** The subject is the noun phrase just before the modal: "the design team", "Alice", "we". */
function ownerOf(subject: string): string | null {
  const words = wordsOf(subject);
  const phrase: Word[] = [];
  for (let i = words.length - 1; i >= 0; i--) {
    const w = words[i]!;
    if (['PROPN', 'NOUN', 'PRON', 'ADJ', 'DET', 'NUM'].includes(w.pos) || (phrase.length && w.value === '&')) phrase.unshift(w);
    else break;
  }
  while (phrase[0]?.pos === 'DET' && phrase.length > 1 && /^(a|an|the)$/i.test(phrase[0].value)) phrase.shift();
  const owner = phrase.map((w) => w.value).join(' ');
  if (!owner || /^(it|this|that|there|which)$/i.test(owner)) return null;
  return owner;
}

const canBeVerb = (word: string) => synsetsOf(word.toLowerCase(), 'verb', 1).length > 0;

/**
 * Whether a clause opens with a base-form verb. The tagger sees a fragment ("review the contract") without the
 * modal that made it a verb and may call it a noun, so after a modal any word WordNet knows as a verb counts.
 */
function startsWithBaseVerb(text: string, afterModal: boolean): boolean {
  const [first, second] = wordsOf(text);
  if (!first || /(ed|ing)$/i.test(first.value)) return false;
  if (first.pos === 'VERB') return true;
  if (afterModal) return canBeVerb(first.value);
  // "Book the venue": a verb-capable opener followed by its object, not by a verb of its own ("Budget was cut").
  return ['NOUN', 'PROPN'].includes(first.pos) && canBeVerb(first.value) && !!second && ['DET', 'PRON', 'ADJ', 'NUM'].includes(second.pos);
}

/** The task without its deadline phrase: "send the budget to finance" rather than "… by Friday". */
function withoutDeadline(text: string, dueText: string | null): string {
  let out = text.replace(/[.!?]+$/, '').trim();
  if (dueText) {
    const at = out.lastIndexOf(dueText);
    if (at >= 0)
      out = (out.slice(0, at).replace(DEADLINE_WORDS, '') + out.slice(at + dueText.length))
        .replace(/\s{2,}/g, ' ')
        .replace(/\s+([,.;])/g, '$1')
        .trim();
  }
  return out.replace(/[,;:\s]+$/, '');
}

function recognise(clause: string): { kind: ActionItem['kind']; owner: string | null; task: string } | undefined {
  const marker = MARKER.exec(clause);
  if (marker) {
    const inner = recognise(marker.groups!.rest!);
    return { kind: 'marked', owner: inner?.owner ?? null, task: inner?.task ?? marker.groups!.rest! };
  }
  const please = PLEASE.exec(clause);
  if (please) return { kind: 'request', owner: please.groups!.vocative ?? null, task: please.groups!.rest! };
  const request = REQUEST.exec(clause);
  if (request) return { kind: 'request', owner: request.groups!.vocative ?? request.groups!.trailing ?? 'you', task: request.groups!.rest! };
  if (clause.trim().endsWith('?')) return undefined;
  const commitment = COMMITMENT.exec(clause);
  if (commitment) {
    const { subject = '', modal = '', rest = '' } = commitment.groups!;
    const owner = ownerOf(subject);
    const bareTo = modal.toLowerCase() === 'to';
    // "Bob to book the venue" is a commitment only when "Bob" is the whole subject; "went to the park" is not.
    const subjectOk = bareTo ? !!owner && owner.split(' ').length <= 3 && subject.trim() === owner : !!owner || PRONOUN_SUBJECT.test(subject.trim());
    if (subjectOk && startsWithBaseVerb(rest, true) && !/^be\s+\w+ed\b/i.test(rest)) return { kind: 'commitment', owner, task: rest };
  }
  if (startsWithBaseVerb(clause, false)) return { kind: 'imperative', owner: null, task: clause };
  return undefined;
}

/**
 * Action items by rule: modal commitments ("X will/should/must/needs to …", minutes-style "X to …"),
 * imperatives, requests ("please …", "can you …") and marked items ("TODO: …"); each with the owner named as
 * its subject, the deadline chrono-node reads in the clause, and the clause itself as the source.
 */
export function extractActions(input: ActionInput, now: Date): ActionResult {
  const reference = input.reference_date ? new Date(input.reference_date) : now;
  const items: ActionItem[] = [];
  for (const sentence of sentenceSpans(input.text)) {
    for (const clause of clausesOf(sentence)) items.push(...itemFor(clause, reference));
  }
  const owners = [...new Set(items.map((i) => i.owner).filter((o): o is string => !!o))];
  return { action_items: items, owners, reference_date: reference.toISOString().slice(0, 10) };
}

function itemFor(clause: Span, reference: Date): ActionItem[] {
  const found = recognise(clause.text);
  if (!found) return [];
  const due = findDates(found.task, { reference, forward: true })[0];
  const priority = URGENT.test(clause.text) ? 'high' : TENTATIVE.test(clause.text) ? 'low' : 'medium';
  return [
    {
      action: withoutDeadline(found.task, due?.text ?? null),
      owner: found.owner,
      due_date: due?.date ?? null,
      due_text: due?.text ?? null,
      priority,
      kind: found.kind,
      source: clause.text,
      start: clause.start,
      end: clause.end,
    },
  ];
}
