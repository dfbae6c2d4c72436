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
  // Added in the search round (h33s), written before any method ran on them: typos, single words, British
  // spellings, questions, and queries no starter skill fits (expected none).
  { id: 'typo-sumary', q: 'sumary of a meeting', expected: ['meeting-notes-summary'] },
  { id: 'analyse-sheet', q: 'analyse the numbers in my spreadsheet', expected: ['data-insights'] },
  { id: 'categorise-posts', q: 'categorise my blog articles', expected: ['blog-post-tags'] },
  { id: 'revision-cards', q: 'revision cards', expected: ['flashcards', 'study-quiz'] },
  { id: 'hiring-ad', q: 'hiring a backend developer, write the advert', expected: ['job-description'] },
  { id: 'which-option', q: 'which option should I pick?', expected: ['decision-helper'] },
  { id: 'angry-customer', q: 'reply to an angry customer', expected: ['support-reply-draft'] },
  { id: 'jargon', q: 'too much jargon, make it simpler', expected: ['plain-language-rewrite', 'explain-like-im-five'] },
  { id: 'typo-transalte', q: 'transalte into german', expected: ['translate-to-language'] },
  { id: 'funding-news', q: 'announce our funding round to journalists', expected: ['press-release'] },
  { id: 'crash-write-up', q: 'the app crashes when I upload a photo, write it up for the developers', expected: ['bug-report-structurer'] },
  { id: 'vacancy', q: 'what does this vacancy ask for', expected: ['job-posting-requirements'] },
  { id: 'none-restaurant', q: 'book a table at a restaurant for Friday', expected: [] },
  { id: 'none-weather', q: "what's the weather in Lisbon tomorrow", expected: [] },
  // A second group (h33s), written and committed after the first group's blind run, before any search ran on it, to
  // measure the same method on more queries (no search method changed in between).
  { id: 'g2-email-deadlines', q: 'what are the deadlines in this email', expected: ['text-to-task-list'] },
  { id: 'g2-who-does-what', q: 'who is doing what after the meeting', expected: ['meeting-action-items'] },
  { id: 'g2-rate-essay', q: 'rate this essay', expected: ['essay-grader'] },
  { id: 'g2-simple-english', q: 'rewrite in simple English', expected: ['plain-language-rewrite', 'explain-like-im-five'] },
  { id: 'g2-seo', q: 'SEO', expected: ['article-keywords', 'blog-headlines'] },
  { id: 'g2-sales-trends', q: 'spot trends in my sales figures', expected: ['data-insights'] },
  { id: 'g2-candidate', q: 'what skills does this candidate have', expected: ['resume-skills'] },
  { id: 'g2-second-shop', q: 'pros and cons of opening a second shop', expected: ['swot-analysis', 'decision-helper'] },
  { id: 'g2-grandmother', q: 'explain blockchain to my grandmother', expected: ['explain-like-im-five', 'api-concept-explainer'] },
  { id: 'g2-mermaid', q: 'generate a Mermaid diagram', expected: ['process-flowchart'] },
  { id: 'g2-urgent', q: 'is this ticket urgent?', expected: ['support-ticket-priority'] },
  { id: 'g2-faq-page', q: 'turn customer questions into an FAQ page', expected: ['faq-from-tickets'] },
  { id: 'g2-none-taxi', q: 'order a taxi to the airport', expected: [] },
  { id: 'g2-none-alarm', q: 'set an alarm for 7am', expected: [] },
  // A third group (h33s), written and committed after the respelling was chosen on the development set, before any
  // search ran on it: typos among ordinary queries.
  { id: 'g3-typo-agenda', q: 'agena for the board meeting', expected: ['meeting-agenda'] },
  { id: 'g3-typo-postmortem', q: 'postmorten summary', expected: ['incident-postmortem-summary'] },
  { id: 'g3-typo-headlines', q: 'headlnies for my article', expected: ['blog-headlines'] },
  { id: 'g3-typo-sentiment', q: 'sentimant of reviews', expected: ['customer-review-sentiment', 'survey-response-sentiment'] },
  { id: 'g3-typo-contract', q: 'contarct terms', expected: ['contract-key-terms', 'legal-clause-explainer'] },
  { id: 'g3-commit', q: 'git commit message for my change', expected: ['commit-message'] },
  { id: 'g3-cv', q: 'pull the technologies out of a résumé', expected: ['resume-skills'] },
  { id: 'g3-none-parcel', q: 'track my parcel', expected: [] },
];
