import type { SkillSearchCase } from '../suites/skillSearch';

/** Held out: written after the development set, not tuned on. */
export const skillSearchHeldOut: readonly SkillSearchCase[] = [
  { id: 'client-call', q: 'what happened on the call with the client', expected: ['sales-call-summary'] },
  { id: 'new-version', q: 'what changed in the new version', expected: ['release-notes-summary'] },
  { id: 'chapter-quiz', q: 'questions to test me on a chapter', expected: ['study-quiz', 'flashcards'] },
  { id: 'flowchart', q: 'draw a diagram of a process', expected: ['process-flowchart'] },
  { id: 'email-wants', q: 'what does the sender of this email want', expected: ['email-intent'] },
  { id: 'goals', q: 'set quarterly goals and key results', expected: ['okr-drafter'] },
  { id: 'teaching', q: 'teach fractions to a class', expected: ['lesson-plan'] },
  { id: 'news', q: 'order of events in news stories', expected: ['news-timeline'] },
  { id: 'shop', q: 'describe an item for an online shop', expected: ['product-description'] },
  { id: 'thread', q: 'a series of tweets about our launch', expected: ['tweet-thread'] },
];
