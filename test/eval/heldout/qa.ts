import type { QaCase } from '../suites/qa';

const BRIDGE =
  'The Golden Gate Bridge opened to traffic on May 28, 1937. Its main span is 1,280 metres long, and its towers rise 227 metres above the water. ' +
  'The chief engineer was Joseph Strauss, although much of the design work was done by Leon Moisseiff and Charles Ellis. ' +
  'About 112,000 vehicles cross the bridge every day. The bridge connects San Francisco to Marin County.';

const CLINIC =
  'The Westside Health Clinic is open Monday to Friday from 8 a.m. to 6 p.m. Flu vaccinations are available without an appointment from 1 October. ' +
  'A standard consultation costs $85 for patients without insurance. Dr. Helen Cho leads the paediatrics team, which sees about 40 children a day. ' +
  'The clinic is at 215 Elm Street, next to the library.';

const LIBRARY =
  'The Central Library reopened on 4 March after an 18-month renovation that cost 12 million pounds. ' +
  "The new reading room seats 300 people, and the children's floor has a storytelling corner run by volunteers every Saturday morning. " +
  'The building was designed by the architect Amara Okafor. Members can borrow up to 15 books at a time for three weeks. ' +
  'The library holds about 250,000 books and a local history archive going back to 1820.';

/** Held out: read only to report, never to tune. */
export const qaHeldOut: readonly QaCase[] = [
  { id: 'bridge-opened', text: BRIDGE, question: 'When did the Golden Gate Bridge open?', answers: ['May 28, 1937'] },
  { id: 'bridge-span', text: BRIDGE, question: 'How long is the main span?', answers: ['1,280 metres'] },
  { id: 'bridge-engineer', text: BRIDGE, question: 'Who was the chief engineer?', answers: ['Joseph Strauss'] },
  { id: 'bridge-traffic', text: BRIDGE, question: 'How many vehicles cross the bridge each day?', answers: ['112,000'] },
  { id: 'bridge-connects', text: BRIDGE, question: 'What does the bridge connect San Francisco to?', answers: ['Marin County'], sentence: true },
  { id: 'bridge-cost', text: BRIDGE, question: 'How much did the bridge cost to build?', answers: null },
  { id: 'clinic-flu', text: CLINIC, question: 'When are flu vaccinations available?', answers: ['1 October'] },
  { id: 'clinic-price', text: CLINIC, question: 'How much does a consultation cost without insurance?', answers: ['$85'] },
  { id: 'clinic-paediatrics', text: CLINIC, question: 'Who leads the paediatrics team?', answers: ['Helen Cho'] },
  { id: 'clinic-children', text: CLINIC, question: 'How many children does the paediatrics team see each day?', answers: ['40'] },
  { id: 'clinic-where', text: CLINIC, question: 'Where is the clinic?', answers: ['215 Elm Street', 'Elm Street'] },
  { id: 'clinic-dermatology', text: CLINIC, question: 'How long is the wait for a dermatologist?', answers: null },
  { id: 'clinic-cardiology', text: CLINIC, question: 'Who leads the cardiology team?', answers: null },
  // Written for issue 33's second round, before the methods were run on them.
  { id: 'library-reopened', text: LIBRARY, question: 'When did the Central Library reopen?', answers: ['4 March'] },
  { id: 'library-cost', text: LIBRARY, question: 'How much did the renovation cost?', answers: ['12 million pounds'] },
  { id: 'library-seats', text: LIBRARY, question: 'How many people does the reading room seat?', answers: ['300'] },
  { id: 'library-architect', text: LIBRARY, question: 'Who designed the building?', answers: ['Amara Okafor'] },
  { id: 'library-loan', text: LIBRARY, question: 'How many books can a member borrow at once?', answers: ['15'] },
  { id: 'library-loan-period', text: LIBRARY, question: 'For how long can members keep a book?', answers: ['three weeks'] },
  { id: 'library-collection', text: LIBRARY, question: 'How many books does the library hold?', answers: ['250,000'] },
  { id: 'library-archive', text: LIBRARY, question: 'How far back does the local history archive go?', answers: ['1820'] },
  { id: 'library-renovation-length', text: LIBRARY, question: 'How long did the renovation take?', answers: ['18-month', '18 months'] },
  { id: 'library-hours', text: LIBRARY, question: 'What time does the library close on Sundays?', answers: null },
  { id: 'library-cafe', text: LIBRARY, question: 'How much does a coffee cost in the library cafe?', answers: null },
  { id: 'library-director', text: LIBRARY, question: 'Who is the director of the library?', answers: null },
];
