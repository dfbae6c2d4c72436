import type { DiagramCase } from '../suites/diagram';

/** Processes and exchanges described as people write them; `forbidden` arrows are ones the text never draws. */
export const diagramCases: readonly DiagramCase[] = [
  {
    id: 'login-lockout',
    text:
      '1. The user enters a password\n2. If the password is correct, log the user in; otherwise, add one to the failed attempts\n' +
      '3. If the failed attempts reach five, the account is locked',
    type: 'flowchart',
    edges: [
      ['enters a password', 'password is correct'],
      ['password is correct', 'log the user in'],
      ['password is correct', 'failed attempts'],
    ],
    forbidden: [['log the user in', 'failed attempts reach five']],
  },
  {
    id: 'order-stock',
    text: '1. Receive the order\n2. Check stock\n3. If the item is in stock, ship it; otherwise, notify the customer\n4. Send the invoice',
    type: 'flowchart',
    edges: [
      ['Receive the order', 'Check stock'],
      ['Check stock', 'in stock'],
      ['Ship it', 'Send the invoice'],
      ['Notify the customer', 'Send the invoice'],
    ],
  },
  {
    id: 'refund-approval',
    text:
      '1. The customer requests a refund\n2. If the amount is under 50 euros, approve it automatically; otherwise, send it to a manager\n' +
      '3. If the manager approves, pay the refund\n4. Email the customer',
    type: 'flowchart',
    edges: [
      ['requests a refund', 'under 50 euros'],
      ['under 50 euros', 'approve it automatically'],
      ['under 50 euros', 'send it to a manager'],
    ],
    forbidden: [['approve it automatically', 'manager approves']],
  },
  {
    id: 'then-chain',
    text: 'Wash the rice, then soak it for 30 minutes, then drain it and cook it with twice its volume of water.',
    type: 'flowchart',
    edges: [
      ['Wash the rice', 'soak it'],
      ['soak it', 'drain it'],
    ],
  },
  {
    id: 'sequence-login',
    text: 'The client sends the API a login request. The API queries the Database for the user. The Database returns the user record. The API returns a token to the client.',
    type: 'sequence',
    edges: [
      ['client', 'API'],
      ['API', 'Database'],
      ['Database', 'API'],
      ['API', 'client'],
    ],
  },
  {
    id: 'sequence-payment',
    text: 'Shop -> PaymentGateway: create charge\nPaymentGateway -> Bank: authorise card\nBank -> PaymentGateway: approved\nPaymentGateway -> Shop: charge succeeded',
    type: 'sequence',
    edges: [
      ['Shop', 'PaymentGateway'],
      ['PaymentGateway', 'Bank'],
      ['Bank', 'PaymentGateway'],
      ['PaymentGateway', 'Shop'],
    ],
  },
  {
    id: 'deploy-pipeline',
    text: '1. Push to main\n2. Run the tests\n3. If the tests pass, build the image; otherwise, notify the author\n4. If the image builds, deploy to staging',
    type: 'flowchart',
    edges: [
      ['Push to main', 'Run the tests'],
      ['tests pass', 'build the image'],
      ['tests pass', 'notify the author'],
    ],
    forbidden: [['notify the author', 'image builds']],
  },
  {
    id: 'support-escalation',
    text:
      'First, the agent reads the ticket. If the issue is a known bug, link the bug report; otherwise, reproduce the problem. ' +
      'If the problem can be reproduced, escalate to engineering. Finally, reply to the customer.',
    type: 'flowchart',
    edges: [
      ['reads the ticket', 'known bug'],
      ['known bug', 'link the bug report'],
      ['known bug', 'reproduce the problem'],
    ],
    forbidden: [['link the bug report', 'problem can be reproduced']],
  },
  {
    id: 'onboarding-simple',
    text: '- Create the account\n- Send the welcome email\n- Assign a mentor\n- Schedule the first check-in',
    type: 'flowchart',
    edges: [
      ['Create the account', 'welcome email'],
      ['welcome email', 'Assign a mentor'],
      ['Assign a mentor', 'first check-in'],
    ],
  },
  {
    id: 'sequence-webhook',
    text: 'The service sends the webhook to the receiver. The receiver returns a 200 status. If there is no answer, the service retries later.',
    type: 'sequence',
    edges: [
      ['service', 'receiver'],
      ['receiver', 'service'],
    ],
  },
  {
    id: 'loan-decision',
    text:
      '1. Collect the application\n2. Check the credit score\n3. If the score is above 700, offer the standard rate; otherwise, ask for a guarantor\n' +
      '4. If a guarantor signs, offer the higher rate\n5. Archive the application',
    type: 'flowchart',
    edges: [
      ['Collect the application', 'Check the credit score'],
      ['score is above 700', 'standard rate'],
      ['score is above 700', 'ask for a guarantor'],
    ],
    forbidden: [['standard rate', 'guarantor signs']],
  },
  {
    id: 'return-process',
    text: '1. The customer prints the label\n2. The customer drops off the parcel\n3. The warehouse inspects the item\n4. If it is undamaged, issue the refund; otherwise, contact the customer',
    type: 'flowchart',
    edges: [
      ['prints the label', 'drops off the parcel'],
      ['drops off the parcel', 'inspects the item'],
      ['undamaged', 'issue the refund'],
      ['undamaged', 'contact the customer'],
    ],
  },
];
