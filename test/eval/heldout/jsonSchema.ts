import type { JsonSchemaCase } from '../suites/jsonSchema';

/** Held out: read only to report, never to tune. */
export const jsonSchemaHeldOut: readonly JsonSchemaCase[] = [
  {
    id: 'article-author',
    description: 'An article with: slug (string, required), headline (string, required), word_count (integer), author with name and twitter_handle',
    fields: ['slug', 'headline', 'word_count', 'author'],
    valid: [
      { slug: 'a', headline: 'H' },
      { slug: 'a', headline: 'H', word_count: 900, author: { name: 'Ada', twitter_handle: '@ada' } },
    ],
    invalid: [{ headline: 'H' }, { slug: 'a', headline: 'H', word_count: 'long' }, { slug: 'a', headline: 'H', author: 'Ada' }],
  },
  {
    id: 'booking-lines',
    description: '- guest_name: string\n- nights: integer\n- check_in: date\n- breakfast: boolean',
    fields: ['guest_name', 'nights', 'check_in', 'breakfast'],
    valid: [{ guest_name: 'Ada', nights: 2, check_in: '2024-08-01', breakfast: true }],
    invalid: [
      { guest_name: 'Ada', nights: 'two', check_in: '2024-08-01', breakfast: true },
      { guest_name: 'Ada', nights: 2, check_in: 'August', breakfast: true },
    ],
  },
  {
    id: 'prose-pet',
    description: 'A pet with a name, a species, an age and a list of vaccinations.',
    fields: ['name', 'species', 'age', 'vaccinations'],
    valid: [{ name: 'Rex', species: 'dog', age: 3, vaccinations: ['rabies'] }],
    invalid: [
      { name: 'Rex', species: 'dog', age: 'three', vaccinations: [] },
      { name: 'Rex', species: 'dog', age: 3, vaccinations: 'rabies' },
    ],
  },
  {
    id: 'cart-items',
    description: 'cart: id (uuid, required), items (array of objects with sku, quantity (integer) and price (number)), coupon (optional)',
    fields: ['id', 'items', 'coupon'],
    valid: [{ id: '9b2e4c6a-1d3f-4a5b-8c7d-0e1f2a3b4c5d', items: [{ sku: 'A', quantity: 1, price: 2.5 }] }, { id: '9b2e4c6a-1d3f-4a5b-8c7d-0e1f2a3b4c5d' }],
    invalid: [{ id: 'x' }, { id: '9b2e4c6a-1d3f-4a5b-8c7d-0e1f2a3b4c5d', items: [{ sku: 'A', quantity: 1.5, price: 2.5 }] }],
  },
  {
    id: 'job-status-enum',
    description: 'Job: id (string), state (one of queued, running, succeeded, failed), attempts (integer between 0 and 5), finished_at (datetime, optional)',
    fields: ['id', 'state', 'attempts', 'finished_at'],
    valid: [{ id: 'j1', state: 'running', attempts: 1 }],
    invalid: [
      { id: 'j1', state: 'paused', attempts: 1 },
      { id: 'j1', state: 'running', attempts: 9 },
      { id: 'j1', state: 'running', attempts: 1, finished_at: 'later' },
    ],
  },
  {
    id: 'profile-social',
    description: 'A profile with username (string, 2 to 30 characters), bio (optional), website (url, optional) and social, an object with twitter and github.',
    fields: ['username', 'bio', 'website', 'social'],
    valid: [{ username: 'ada', social: { twitter: '@ada', github: 'ada' } }],
    invalid: [
      { username: 'a', social: { twitter: '@ada', github: 'ada' } },
      { username: 'ada', website: 'nope', social: { twitter: '@ada', github: 'ada' } },
    ],
  },
  {
    id: 'examples-orders',
    examples: [
      { order_id: 'o1', total: 10, items: [{ sku: 'a', qty: 1 }] },
      { order_id: 'o2', total: 25.5, items: [] },
    ],
    fields: ['order_id', 'total', 'items'],
    valid: [{ order_id: 'o3', total: 3, items: [{ sku: 'b', qty: 2 }] }],
    invalid: [
      { order_id: 'o3', items: [] },
      { order_id: 'o3', total: 'ten', items: [] },
    ],
  },
  {
    id: 'transaction-bare-enum',
    description: 'Transaction: amount (number, required), type (credit or debit, required), reference (string), booked_on (date)',
    fields: ['amount', 'type', 'reference', 'booked_on'],
    valid: [{ amount: 10, type: 'credit' }],
    invalid: [{ amount: 10, type: 'refund' }, { type: 'debit' }, { amount: 10, type: 'debit', booked_on: 'today' }],
  },
  {
    id: 'prose-station',
    description: 'A weather station with a station name, a latitude, a longitude and an elevation in metres (integer).',
    fields: ['station_name', 'latitude', 'longitude', 'elevation_in_metres'],
    valid: [{ station_name: 'Sintra', latitude: 38.8, longitude: -9.4, elevation_in_metres: 200 }],
    invalid: [{ station_name: 'Sintra', latitude: 'north', longitude: -9.4, elevation_in_metres: 200 }],
  },
  {
    id: 'dash-lines-library',
    description: 'Fields:\ntitle - string - required\ncopies - integer - required\nshelf - string - optional',
    fields: ['title', 'copies', 'shelf'],
    valid: [{ title: 'Dune', copies: 3 }],
    invalid: [{ title: 'Dune' }, { title: 'Dune', copies: 'three' }],
  },
  {
    id: 'survey-question-options',
    description: 'A poll has a question, a list of options, each with a label and a vote_count (integer), and a closes_at timestamp.',
    fields: ['question', 'options', 'closes_at'],
    valid: [{ question: 'Lunch?', options: [{ label: 'Pizza', vote_count: 3 }], closes_at: '2024-01-01T12:00:00Z' }],
    invalid: [
      { question: 'Lunch?', options: [{ label: 'Pizza', vote_count: 'three' }], closes_at: '2024-01-01T12:00:00Z' },
      { question: 'Lunch?', options: ['Pizza'], closes_at: '2024-01-01T12:00:00Z' },
    ],
  },
  {
    id: 'device-config',
    description: 'Device config: name (string), interval_seconds (integer, at least 10), endpoints (list of URLs), enabled (boolean)',
    fields: ['name', 'interval_seconds', 'endpoints', 'enabled'],
    valid: [{ name: 'probe', interval_seconds: 60, endpoints: ['https://a.example'], enabled: true }],
    invalid: [
      { name: 'probe', interval_seconds: 5, endpoints: [], enabled: true },
      { name: 'probe', interval_seconds: 60, endpoints: ['a.example'], enabled: true },
    ],
  },
];
