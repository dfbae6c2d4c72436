import type { DiagramCase } from '../suites/diagram';

/** Held out: read only to report, never to tune. */
export const diagramHeldOut: readonly DiagramCase[] = [
  {
    id: 'password-reset',
    text:
      '1. The user asks for a reset link\n2. If the email is registered, send the link; otherwise, show a generic message\n' +
      '3. If the link is used within an hour, let the user set a new password',
    type: 'flowchart',
    edges: [
      ['asks for a reset link', 'email is registered'],
      ['email is registered', 'send the link'],
      ['email is registered', 'generic message'],
    ],
    forbidden: [['generic message', 'link is used']],
  },
  {
    id: 'sequence-order',
    text: 'The app sends the order to the Backend. The Backend asks the Inventory for stock. The Inventory returns the stock level. The Backend returns a confirmation to the app.',
    type: 'sequence',
    edges: [
      ['app', 'Backend'],
      ['Backend', 'Inventory'],
      ['Inventory', 'Backend'],
      ['Backend', 'app'],
    ],
  },
  {
    id: 'hiring',
    text: '1. Screen the CV\n2. If the candidate fits, schedule an interview; otherwise, send a rejection\n3. If the interview goes well, make an offer',
    type: 'flowchart',
    edges: [
      ['Screen the CV', 'candidate fits'],
      ['candidate fits', 'schedule an interview'],
      ['candidate fits', 'send a rejection'],
    ],
    forbidden: [['send a rejection', 'interview goes well']],
  },
  {
    id: 'bread',
    text: 'Mix the flour and water, then knead the dough for ten minutes, then let it rise for two hours.',
    type: 'flowchart',
    edges: [
      ['Mix the flour', 'knead the dough'],
      ['knead the dough', 'rise'],
    ],
  },
];
