import type { QaCase } from '../suites/qa';

const BRIDGE =
  'The Golden Gate Bridge opened to traffic on May 28, 1937. Its main span is 1,280 metres long, and its towers rise 227 metres above the water. ' +
  'The chief engineer was Joseph Strauss, although much of the design work was done by Leon Moisseiff and Charles Ellis. ' +
  'About 112,000 vehicles cross the bridge every day. The bridge connects San Francisco to Marin County.';

const CLINIC =
  'The Westside Health Clinic is open Monday to Friday from 8 a.m. to 6 p.m. Flu vaccinations are available without an appointment from 1 October. ' +
  'A standard consultation costs $85 for patients without insurance. Dr. Helen Cho leads the paediatrics team, which sees about 40 children a day. ' +
  'The clinic is at 215 Elm Street, next to the library.';

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
];
