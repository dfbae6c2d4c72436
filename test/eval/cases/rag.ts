import type { RagCase } from '../suites/rag';

const HANDBOOK = [
  {
    id: 'vacation',
    title: 'Vacation policy',
    text:
      'Full-time employees receive 25 days of paid vacation per calendar year, plus public holidays. Up to five unused days can be carried over into the next year; ' +
      'anything beyond that is forfeited on 31 March. Vacation requests of more than ten consecutive days need approval from your manager at least four weeks in advance.',
  },
  {
    id: 'expenses',
    title: 'Travel and expenses',
    text:
      'Employees may claim travel, accommodation and meals incurred on company business. Hotel stays are reimbursed up to 180 euros per night in capital cities and 130 euros elsewhere. ' +
      'Receipts must be uploaded to the finance portal within 30 days. Alcohol is not reimbursable.',
  },
  {
    id: 'remote',
    title: 'Remote work',
    text:
      'Staff may work remotely up to three days a week after completing their probation period of six months. The company provides a one-off home office allowance of 500 euros ' +
      'for a desk, chair or monitor. Core hours, when everyone should be reachable, are 10:00 to 15:00 Central European Time.',
  },
];

const API_DOCS = [
  {
    id: 'rate-limits',
    title: 'Rate limits',
    text:
      'Each API key may make 600 requests per minute. Requests over the limit receive HTTP status 429 with a Retry-After header giving the number of seconds to wait. ' +
      'Enterprise plans can raise the limit to 6,000 requests per minute.',
  },
  {
    id: 'auth',
    title: 'Authentication',
    text:
      'Send your key in the Authorization header as a bearer token. Keys are created in the dashboard under Settings, API keys, and can be revoked at any time. ' +
      'Keys never expire unless they are revoked.',
  },
  {
    id: 'webhooks',
    title: 'Webhooks',
    text:
      "Webhook deliveries are signed with HMAC-SHA256 using your endpoint's signing secret; the signature is sent in the X-Signature header. " +
      'Failed deliveries are retried with exponential backoff for up to 72 hours. Each delivery attempt times out after 10 seconds.',
  },
];

const PLACES = [
  {
    id: 'reef',
    title: 'Great Barrier Reef',
    text:
      "The Great Barrier Reef is the world's largest coral reef system. It stretches over 2,300 kilometres off the coast of Queensland, Australia, and can be seen from outer space. " +
      'It was selected as a World Heritage Site in 1981. Climate change, pollution and crown-of-thorns starfish are the main threats to its health.',
  },
  {
    id: 'amazon',
    title: 'Amazon rainforest',
    text:
      'The Amazon rainforest covers about 5.5 million square kilometres, most of it in Brazil. The Amazon River, which runs through it, discharges more water than any other river on Earth. ' +
      'Scientists estimate that the forest holds around 390 billion individual trees belonging to some 16,000 species.',
  },
  {
    id: 'sahara',
    title: 'Sahara',
    text:
      'The Sahara is the largest hot desert in the world, covering about 9.2 million square kilometres of North Africa. Daytime temperatures in summer often exceed 40 °C, ' +
      'and some areas receive less than 25 millimetres of rain a year. Around two million people live in the desert, many of them nomadic herders.',
  },
];

const LEAFLET = [
  'Ibuprofen 200 mg tablets. Adults and children over 12: take one or two tablets every four to six hours as needed. Do not take more than six tablets in 24 hours. ' +
    'Do not use for more than 10 days without talking to a doctor. Store below 25 °C. Keep out of the sight and reach of children. ' +
    'Do not take if you have a stomach ulcer or are in the last three months of pregnancy.',
];

const OCEANARIO = [
  "Lisbon's Oceanário is one of the largest aquariums in Europe, home to about 8,000 animals. It is open every day from 10:00 to 19:00, and an adult ticket costs 25 euros. " +
    'The aquarium was designed by the American architect Peter Chermayeff for the Expo 98 world fair.',
];

/** Half answered by the documents, half not: the right answer to the second half is `supported: false`. */
export const ragCases: readonly RagCase[] = [
  { id: 'handbook-vacation-days', documents: HANDBOOK, question: 'How many vacation days do full-time employees get?', answers: ['25 days'] },
  { id: 'handbook-carry-over', documents: HANDBOOK, question: 'How many unused vacation days can be carried over?', answers: ['five', '5'] },
  { id: 'handbook-hotel-capital', documents: HANDBOOK, question: 'What is the hotel limit per night in capital cities?', answers: ['180 euros'] },
  { id: 'handbook-probation', documents: HANDBOOK, question: 'How long is the probation period?', answers: ['six months'] },
  { id: 'handbook-allowance', documents: HANDBOOK, question: 'How much is the home office allowance?', answers: ['500 euros'] },
  { id: 'handbook-core-hours', documents: HANDBOOK, question: 'What are the core hours?', answers: ['10:00 to 15:00'] },
  { id: 'handbook-sick-days', documents: HANDBOOK, question: 'How many sick days do employees get?', answers: null },
  { id: 'handbook-parental', documents: HANDBOOK, question: 'How long is parental leave?', answers: null },
  { id: 'handbook-meal-allowance', documents: HANDBOOK, question: 'What is the daily meal allowance when travelling?', answers: null },
  { id: 'handbook-approver', documents: HANDBOOK, question: 'Who approves expense claims?', answers: null },
  { id: 'handbook-mileage', documents: HANDBOOK, question: 'What is the mileage rate for using a personal car?', answers: null },

  { id: 'api-rate', documents: API_DOCS, question: 'How many requests per minute can a key make?', answers: ['600'] },
  { id: 'api-429', documents: API_DOCS, question: 'What status code is returned when the rate limit is exceeded?', answers: ['429'] },
  { id: 'api-signing', documents: API_DOCS, question: 'How are webhook deliveries signed?', answers: ['HMAC-SHA256'] },
  { id: 'api-retry-window', documents: API_DOCS, question: 'For how long are failed webhook deliveries retried?', answers: ['72 hours'] },
  { id: 'api-keys-where', documents: API_DOCS, question: 'Where do I create API keys?', answers: ['dashboard'] },
  { id: 'api-keys-expire', documents: API_DOCS, question: 'When do API keys expire?', answers: ['never expire'] },
  { id: 'api-sandbox', documents: API_DOCS, question: 'What is the base URL of the sandbox environment?', answers: null },
  { id: 'api-payload', documents: API_DOCS, question: 'What is the maximum payload size of a request?', answers: null },
  { id: 'api-webhook-ips', documents: API_DOCS, question: 'Which IP addresses do webhooks come from?', answers: null },
  { id: 'api-enterprise-price', documents: API_DOCS, question: 'How much does the Enterprise plan cost?', answers: null },
  { id: 'api-endpoints-limit', documents: API_DOCS, question: 'How many webhook endpoints can an account register?', answers: null },

  { id: 'places-reef-length', documents: PLACES, question: 'How long is the reef?', answers: ['2,300 kilometres'] },
  { id: 'places-reef-heritage', documents: PLACES, question: 'When did the Great Barrier Reef become a World Heritage Site?', answers: ['1981'] },
  { id: 'places-amazon-species', documents: PLACES, question: 'How many tree species are there in the Amazon?', answers: ['16,000'] },
  { id: 'places-sahara-size', documents: PLACES, question: 'How large is the Sahara?', answers: ['9.2 million square kilometres'] },
  { id: 'places-sahara-people', documents: PLACES, question: 'How many people live in the Sahara?', answers: ['two million'] },
  { id: 'places-reef-threats', documents: PLACES, question: 'What are the main threats to the reef?', answers: ['climate change'] },
  { id: 'places-amazon-depth', documents: PLACES, question: 'How deep is the Amazon River?', answers: null },
  { id: 'places-sahara-green', documents: PLACES, question: 'When was the Sahara last green?', answers: null },
  { id: 'places-reef-mapped', documents: PLACES, question: 'Who first mapped the Great Barrier Reef?', answers: null },
  { id: 'places-tallest-tree', documents: PLACES, question: 'What is the tallest tree in the Amazon?', answers: null },
  { id: 'places-reef-fish', documents: PLACES, question: 'How many fish species live on the reef?', answers: null },
  { id: 'places-reef-age', documents: PLACES, question: 'How old is the Great Barrier Reef?', answers: null },

  { id: 'leaflet-max', documents: LEAFLET, question: 'How many tablets can I take in 24 hours?', answers: ['six'] },
  { id: 'leaflet-interval', documents: LEAFLET, question: 'How often can I take the tablets?', answers: ['every four to six hours', 'four to six hours'] },
  { id: 'leaflet-duration', documents: LEAFLET, question: 'For how many days can I use it without seeing a doctor?', answers: ['10 days'] },
  { id: 'leaflet-storage', documents: LEAFLET, question: 'At what temperature should the tablets be stored?', answers: ['25 °C', 'below 25'] },
  { id: 'leaflet-alcohol', documents: LEAFLET, question: 'Is it safe to drink alcohol while taking ibuprofen?', answers: null },
  { id: 'leaflet-child-dose', documents: LEAFLET, question: 'What is the dose for a child aged eight?', answers: null },
  { id: 'leaflet-price', documents: LEAFLET, question: 'How much does a pack of ibuprofen cost?', answers: null },

  { id: 'oceanario-architect', documents: OCEANARIO, question: 'Who designed the Oceanário?', answers: ['Peter Chermayeff'] },
  { id: 'oceanario-adult-ticket', documents: OCEANARIO, question: 'How much is an adult ticket?', answers: ['25 euros'] },
  { id: 'oceanario-child-ticket', documents: OCEANARIO, question: 'How much is a child ticket?', answers: null },
  { id: 'oceanario-visitors', documents: OCEANARIO, question: 'How many visitors does the Oceanário get each year?', answers: null },
];
