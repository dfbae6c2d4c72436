import type { JsonSchemaCase } from '../suites/jsonSchema';

const UUID = '3f2b7c1e-8a4d-4e6f-9b0a-1c2d3e4f5a6b';

/** Descriptions as people write them (lists, lines, prose, nested objects), and a few sets of examples. */
export const jsonSchemaCases: readonly JsonSchemaCase[] = [
  {
    id: 'blog-post-issue-example',
    description: 'A blog post with: id (uuid), title (string, required), author with name and email',
    fields: ['id', 'title', 'author'],
    valid: [{ id: UUID, title: 'Hello', author: { name: 'Ada', email: 'ada@example.com' } }, { title: 'Only a title' }],
    invalid: [{ id: 'not-a-uuid', title: 'Hello' }, { id: UUID }, { title: 'Hello', author: { name: 'Ada', email: 'not an email' } }, { title: 42 }],
  },
  {
    id: 'colon-list',
    description: 'name: string, age: integer, email',
    fields: ['name', 'age', 'email'],
    valid: [{ name: 'Ada', age: 36, email: 'ada@example.com' }],
    invalid: [
      { name: 'Ada', age: '36', email: 'ada@example.com' },
      { name: 'Ada', age: 36.5, email: 'ada@example.com' },
      { age: 36, email: 'ada@example.com' },
    ],
  },
  {
    id: 'order-enum',
    description: 'Order: order_id (string, required), total (number, required), currency (one of EUR, USD, GBP), paid (boolean)',
    fields: ['order_id', 'total', 'currency', 'paid'],
    valid: [
      { order_id: 'A1', total: 10.5 },
      { order_id: 'A1', total: 3, currency: 'EUR', paid: true },
    ],
    invalid: [{ total: 3 }, { order_id: 'A1', total: 3, currency: 'JPY' }, { order_id: 'A1', total: '3' }, { order_id: 'A1', total: 3, paid: 'yes' }],
  },
  {
    id: 'bulleted-lines',
    description: '- id: integer\n- username: string\n- created_at: datetime\n- roles: array of strings',
    fields: ['id', 'username', 'created_at', 'roles'],
    valid: [{ id: 1, username: 'ada', created_at: '2024-01-01T10:00:00Z', roles: ['admin'] }],
    invalid: [
      { id: '1', username: 'ada', created_at: '2024-01-01T10:00:00Z', roles: [] },
      { id: 1, username: 'ada', created_at: 'yesterday', roles: [] },
      { id: 1, username: 'ada', created_at: '2024-01-01T10:00:00Z', roles: 'admin' },
    ],
  },
  {
    id: 'prose-user',
    description: 'A user with a name, an age and an email address.',
    fields: ['name', 'age', 'email_address'],
    valid: [{ name: 'Ada', age: 36, email_address: 'ada@example.com' }],
    invalid: [
      { name: 'Ada', age: 'old', email_address: 'ada@example.com' },
      { name: 'Ada', age: 36, email_address: 'ada' },
    ],
  },
  {
    id: 'prose-event',
    description: 'An event with a title, a start date, an end date and a location.',
    fields: ['title', 'start_date', 'end_date', 'location'],
    valid: [{ title: 'Meetup', start_date: '2024-05-01', end_date: '2024-05-02', location: 'Porto' }],
    invalid: [
      { title: 'Meetup', start_date: 'soon', end_date: '2024-05-02', location: 'Porto' },
      { title: 'Meetup', location: 'Porto' },
    ],
  },
  {
    id: 'invoice-lines',
    description:
      'invoice: number (string, required), issued_on (date, required), lines (array of objects with description, quantity (integer) and unit_price (number)), notes (optional)',
    fields: ['number', 'issued_on', 'lines', 'notes'],
    valid: [
      { number: 'INV-1', issued_on: '2024-03-01', lines: [{ description: 'Bolts', quantity: 10, unit_price: 0.2 }] },
      { number: 'INV-2', issued_on: '2024-03-02' },
    ],
    invalid: [
      { number: 'INV-1', issued_on: '2024-03-01', lines: [{ description: 'Bolts', quantity: 'ten', unit_price: 0.2 }] },
      { number: 'INV-1', issued_on: '2024-03-01', lines: 'Bolts' },
      { number: 7, issued_on: '2024-03-01' },
      { number: 'INV-1', issued_on: 'March' },
    ],
  },
  {
    id: 'prose-customer',
    description: 'A customer record containing first name, last name, phone number and date of birth.',
    fields: ['first_name', 'last_name', 'phone_number', 'date_of_birth'],
    valid: [{ first_name: 'Ada', last_name: 'King', phone_number: '+44 20 7946 0000', date_of_birth: '1815-12-10' }],
    invalid: [{ first_name: 'Ada', last_name: 'King', phone_number: '+44 20 7946 0000', date_of_birth: 'long ago' }, { first_name: 'Ada' }],
  },
  {
    id: 'product-dimensions',
    description: 'Product: title (string), price (number, minimum 0), in_stock (boolean), dimensions with width, height and depth (numbers)',
    fields: ['title', 'price', 'in_stock', 'dimensions'],
    valid: [{ title: 'Lamp', price: 30, in_stock: true, dimensions: { width: 10, height: 40, depth: 10 } }],
    invalid: [
      { title: 'Lamp', price: -1, in_stock: true, dimensions: { width: 10, height: 40, depth: 10 } },
      { title: 'Lamp', price: 30, in_stock: true, dimensions: { width: 'wide', height: 40, depth: 10 } },
      { title: 'Lamp', price: 30, in_stock: 'yes', dimensions: { width: 10, height: 40, depth: 10 } },
    ],
  },
  {
    id: 'types-as-formats',
    description: 'id: uuid, email: email, verified: boolean, signup_source: one of web|ios|android',
    fields: ['id', 'email', 'verified', 'signup_source'],
    valid: [{ id: UUID, email: 'a@b.co', verified: false, signup_source: 'ios' }],
    invalid: [
      { id: UUID, email: 'a@b.co', verified: false, signup_source: 'fax' },
      { id: 'x', email: 'a@b.co', verified: false, signup_source: 'web' },
    ],
  },
  {
    id: 'survey-range',
    description: 'A survey response with respondent_id (integer), answers (list of strings), score (integer between 1 and 10), and an optional comment.',
    fields: ['respondent_id', 'answers', 'score', 'comment'],
    valid: [
      { respondent_id: 1, answers: ['yes', 'no'], score: 7 },
      { respondent_id: 2, answers: [], score: 10, comment: 'Great' },
    ],
    invalid: [
      { respondent_id: 1, answers: ['yes'], score: 11 },
      { respondent_id: 1, answers: 'yes', score: 5 },
      { respondent_id: 1, answers: ['yes'], score: 0 },
    ],
  },
  {
    id: 'dash-lines',
    description: 'Fields:\nname - string - required\nprice - number - required\ndescription - string - optional',
    fields: ['name', 'price', 'description'],
    valid: [
      { name: 'Mug', price: 8 },
      { name: 'Mug', price: 8, description: 'Blue' },
    ],
    invalid: [{ name: 'Mug' }, { name: 'Mug', price: '8' }],
  },
  {
    id: 'book',
    description: 'Create a schema for a book: isbn (string), title (string), authors (array of strings), published_year (integer), available (boolean)',
    fields: ['isbn', 'title', 'authors', 'published_year', 'available'],
    valid: [{ isbn: '978-0262033848', title: 'Algorithms', authors: ['Cormen'], published_year: 2009, available: true }],
    invalid: [
      { isbn: '978-0262033848', title: 'Algorithms', published_year: 2009, available: true },
      { isbn: '978-0262033848', title: 'Algorithms', authors: ['Cormen'], published_year: '2009', available: true },
    ],
  },
  {
    id: 'webhook-nested-enum',
    description: 'A webhook payload with event (string), timestamp (datetime) and data, an object with id (string) and status (one of pending, paid, failed).',
    fields: ['event', 'timestamp', 'data'],
    valid: [{ event: 'invoice.updated', timestamp: '2024-06-01T12:00:00Z', data: { id: 'in_1', status: 'paid' } }],
    invalid: [
      { event: 'invoice.updated', timestamp: '2024-06-01T12:00:00Z', data: { id: 'in_1', status: 'done' } },
      { event: 'invoice.updated', timestamp: 'noon', data: { id: 'in_1', status: 'paid' } },
      { event: 'invoice.updated', timestamp: '2024-06-01T12:00:00Z', data: 'paid' },
    ],
  },
  {
    id: 'company-address',
    description: 'company: name, website (url), employees (integer), address with street, city, postcode and country',
    fields: ['name', 'website', 'employees', 'address'],
    valid: [
      { name: 'Acme', website: 'https://acme.example', employees: 40, address: { street: '1 Main St', city: 'Leeds', postcode: 'LS1 1AA', country: 'UK' } },
    ],
    invalid: [
      { name: 'Acme', website: 'not a url', employees: 40, address: { street: '1 Main St', city: 'Leeds', postcode: 'LS1 1AA', country: 'UK' } },
      { name: 'Acme', website: 'https://acme.example', employees: 'many', address: { street: '1 Main St', city: 'Leeds', postcode: 'LS1 1AA', country: 'UK' } },
      { name: 'Acme', website: 'https://acme.example', employees: 40, address: 'Leeds' },
    ],
  },
  {
    id: 'comment-replies',
    description: 'A comment has an author, a body and a list of replies.',
    fields: ['author', 'body', 'replies'],
    valid: [{ author: 'Ada', body: 'Nice post', replies: [] }],
    invalid: [
      { author: 'Ada', body: 'Nice post', replies: 'none' },
      { author: 'Ada', replies: [] },
    ],
  },
  {
    id: 'shipment-lines-enum',
    description: 'Shipment\n- tracking_number (string, required)\n- carrier (enum: DHL, UPS, FedEx)\n- weight_kg (number)\n- delivered (boolean)',
    fields: ['tracking_number', 'carrier', 'weight_kg', 'delivered'],
    valid: [{ tracking_number: '1Z999', carrier: 'UPS', weight_kg: 2.5, delivered: false }, { tracking_number: '1Z999' }],
    invalid: [{ tracking_number: '1Z999', carrier: 'TNT' }, { carrier: 'DHL' }, { tracking_number: '1Z999', weight_kg: 'heavy' }],
  },
  {
    id: 'todo-defaults',
    description: 'A to-do item: title (required), done (boolean, default false), due_date (date, optional), priority (one of low, medium, high)',
    fields: ['title', 'done', 'due_date', 'priority'],
    valid: [{ title: 'Buy milk' }, { title: 'File taxes', done: true, due_date: '2025-01-31', priority: 'high' }],
    invalid: [{ title: 'Buy milk', done: 'no' }, { title: 'Buy milk', priority: 'urgent' }, { done: false }],
  },
  {
    id: 'sensor-reading',
    description: 'A sensor reading with device_id, temperature_c (number), humidity (number between 0 and 100) and recorded_at (timestamp)',
    fields: ['device_id', 'temperature_c', 'humidity', 'recorded_at'],
    valid: [{ device_id: 'th-12', temperature_c: 21.5, humidity: 40, recorded_at: '2024-02-02T08:00:00Z' }],
    invalid: [
      { device_id: 'th-12', temperature_c: 21.5, humidity: 120, recorded_at: '2024-02-02T08:00:00Z' },
      { device_id: 'th-12', temperature_c: 21.5, humidity: 40, recorded_at: 'now' },
    ],
  },
  {
    id: 'employee-manager',
    description: 'Employee: id (integer), name (string), manager (object with id and name), skills (array of strings), start_date (date)',
    fields: ['id', 'name', 'manager', 'skills', 'start_date'],
    valid: [{ id: 7, name: 'Ada', manager: { id: 2, name: 'Grace' }, skills: ['go'], start_date: '2023-09-01' }],
    invalid: [
      { id: 7, name: 'Ada', manager: 'Grace', skills: ['go'], start_date: '2023-09-01' },
      { id: 7, name: 'Ada', manager: { id: 2, name: 'Grace' }, skills: 'go', start_date: '2023-09-01' },
    ],
  },
  {
    id: 'recipe-ingredients',
    description: 'A recipe with a name, servings (integer), ingredients (list of objects with name, amount and unit) and steps (list of strings)',
    fields: ['name', 'servings', 'ingredients', 'steps'],
    valid: [{ name: 'Pancakes', servings: 4, ingredients: [{ name: 'flour', amount: 200, unit: 'g' }], steps: ['Mix', 'Fry'] }],
    invalid: [
      { name: 'Pancakes', servings: 4, ingredients: ['flour'], steps: ['Mix'] },
      { name: 'Pancakes', servings: 'four', ingredients: [], steps: [] },
    ],
  },
  {
    id: 'lengths',
    description: 'username (string, 3 to 20 characters), password (string, at least 12 characters), email (required)',
    fields: ['username', 'password', 'email'],
    valid: [{ email: 'a@b.co' }, { email: 'a@b.co', username: 'ada', password: 'correct-horse-1' }],
    invalid: [
      { email: 'a@b.co', username: 'ab' },
      { email: 'a@b.co', password: 'short' },
      { username: 'ada', password: 'correct-horse-1' },
    ],
  },
  {
    id: 'examples-flat',
    examples: [
      { sku: 'A-1', price: 9.99, qty: 3, tags: ['sale'] },
      { sku: 'B-2', price: 12, qty: 0, tags: [] },
    ],
    fields: ['sku', 'price', 'qty', 'tags'],
    valid: [{ sku: 'C-3', price: 1.5, qty: 2, tags: ['new'] }],
    invalid: [
      { sku: 'C-3', price: 'cheap', qty: 2, tags: [] },
      { sku: 'C-3', price: 1.5, tags: [] },
    ],
  },
  {
    id: 'examples-nested',
    examples: [{ user: { id: 1, name: 'Ada' }, roles: ['admin'], active: true, last_login: '2024-05-01T09:30:00Z' }],
    fields: ['user', 'roles', 'active', 'last_login'],
    valid: [{ user: { id: 2, name: 'Bob' }, roles: [], active: false, last_login: '2024-06-01T10:00:00Z' }],
    invalid: [
      { user: { id: 'two', name: 'Bob' }, roles: [], active: false, last_login: '2024-06-01T10:00:00Z' },
      { user: { id: 2, name: 'Bob' }, roles: [], active: 'no', last_login: '2024-06-01T10:00:00Z' },
    ],
  },
  {
    id: 'error-response',
    description: 'An API error response: code (integer), message (string), details (optional array of strings), request_id (uuid)',
    fields: ['code', 'message', 'details', 'request_id'],
    valid: [{ code: 404, message: 'Not found', request_id: UUID }],
    invalid: [
      { code: '404', message: 'Not found', request_id: UUID },
      { code: 404, message: 'Not found', request_id: 'abc' },
    ],
  },
  {
    id: 'flight-booking',
    description: 'A flight booking with booking reference, passenger name, flight number, departure time (datetime) and seat (optional)',
    fields: ['booking_reference', 'passenger_name', 'flight_number', 'departure_time', 'seat'],
    valid: [{ booking_reference: 'X7K2P', passenger_name: 'Ada King', flight_number: 'TP1352', departure_time: '2024-07-01T07:10:00Z' }],
    invalid: [
      { booking_reference: 'X7K2P', passenger_name: 'Ada King', flight_number: 'TP1352', departure_time: 'morning' },
      { booking_reference: 'X7K2P', flight_number: 'TP1352', departure_time: '2024-07-01T07:10:00Z' },
    ],
  },
  {
    id: 'playlist-tracks',
    description: 'a playlist: name, owner, tracks (array of objects with title, artist and duration_seconds (integer)), public (boolean)',
    fields: ['name', 'owner', 'tracks', 'public'],
    valid: [{ name: 'Run', owner: 'ada', tracks: [{ title: 'Song', artist: 'Band', duration_seconds: 201 }], public: true }],
    invalid: [
      { name: 'Run', owner: 'ada', tracks: [{ title: 'Song', artist: 'Band', duration_seconds: '3:21' }], public: true },
      { name: 'Run', owner: 'ada', tracks: [], public: 'yes' },
    ],
  },
  {
    id: 'address-country-code',
    description: 'Address: street, city, postal_code, country (2-letter code)',
    fields: ['street', 'city', 'postal_code', 'country'],
    valid: [{ street: 'Rua Augusta 1', city: 'Lisbon', postal_code: '1100-053', country: 'PT' }],
    invalid: [
      { street: 'Rua Augusta 1', city: 'Lisbon', postal_code: '1100-053', country: 'Portugal' },
      { street: 'Rua Augusta 1', city: 'Lisbon' },
    ],
  },
  {
    id: 'review-rating',
    description: 'A review with rating (integer from 1 to 5), title, body and verified_purchase (boolean)',
    fields: ['rating', 'title', 'body', 'verified_purchase'],
    valid: [{ rating: 4, title: 'Good', body: 'Works well', verified_purchase: true }],
    invalid: [
      { rating: 6, title: 'Good', body: 'Works well', verified_purchase: true },
      { rating: 4.5, title: 'Good', body: 'Works well', verified_purchase: true },
      { rating: 4, title: 'Good', body: 'Works well', verified_purchase: 'yes' },
    ],
  },
  {
    id: 'log-entry-bare-enum',
    description: 'Log entry: level (debug, info, warn or error), message, timestamp (ISO 8601), context (object)',
    fields: ['level', 'message', 'timestamp', 'context'],
    valid: [{ level: 'warn', message: 'Disk almost full', timestamp: '2024-01-01T00:00:00Z', context: { disk: '/dev/sda1' } }],
    invalid: [
      { level: 'fatal', message: 'x', timestamp: '2024-01-01T00:00:00Z', context: {} },
      { level: 'info', message: 'x', timestamp: '2024-01-01T00:00:00Z', context: 'disk' },
    ],
  },
  {
    id: 'contact-form',
    description: 'A contact form submission with name, email, phone (optional), message and consent (boolean).',
    fields: ['name', 'email', 'phone', 'message', 'consent'],
    valid: [{ name: 'Ada', email: 'ada@example.com', message: 'Hi', consent: true }],
    invalid: [
      { name: 'Ada', email: 'ada@example.com', message: 'Hi', consent: 'yes' },
      { name: 'Ada', email: 'bob', message: 'Hi', consent: true },
    ],
  },
  {
    id: 'vehicle-owners',
    description: 'Vehicle: make, model, year (integer), mileage_km (number), electric (boolean), owners (list of people with name and since (date))',
    fields: ['make', 'model', 'year', 'mileage_km', 'electric', 'owners'],
    valid: [{ make: 'Kia', model: 'Niro', year: 2021, mileage_km: 42000, electric: true, owners: [{ name: 'Ada', since: '2021-03-01' }] }],
    invalid: [
      { make: 'Kia', model: 'Niro', year: 2021, mileage_km: 42000, electric: true, owners: [{ name: 'Ada', since: 'long ago' }] },
      { make: 'Kia', model: 'Niro', year: '2021', mileage_km: 42000, electric: true, owners: [] },
    ],
  },
  {
    id: 'meeting-emails',
    description: 'A meeting with a subject, attendees (list of emails), start_time (datetime) and duration_minutes (integer).',
    fields: ['subject', 'attendees', 'start_time', 'duration_minutes'],
    valid: [{ subject: 'Sync', attendees: ['a@b.co'], start_time: '2024-03-01T09:00:00Z', duration_minutes: 30 }],
    invalid: [
      { subject: 'Sync', attendees: ['ada'], start_time: '2024-03-01T09:00:00Z', duration_minutes: 30 },
      { subject: 'Sync', attendees: ['a@b.co'], start_time: '2024-03-01T09:00:00Z', duration_minutes: 'half an hour' },
    ],
  },
  {
    id: 'payment',
    description:
      'Payment: amount (number, required), currency (3-letter ISO code, required), method (card, bank transfer or wallet), metadata (object, optional)',
    fields: ['amount', 'currency', 'method', 'metadata'],
    valid: [
      { amount: 10, currency: 'EUR' },
      { amount: 10, currency: 'EUR', method: 'wallet', metadata: { order: 'A1' } },
    ],
    invalid: [{ currency: 'EUR' }, { amount: 10, currency: 'EURO' }, { amount: 10, currency: 'EUR', method: 'cash' }],
  },
  {
    id: 'geo-point',
    description: 'geo point with latitude (number between -90 and 90) and longitude (number between -180 and 180)',
    fields: ['latitude', 'longitude'],
    valid: [{ latitude: 38.7, longitude: -9.1 }],
    invalid: [
      { latitude: 95, longitude: 0 },
      { latitude: 0, longitude: -200 },
      { latitude: 'north', longitude: 0 },
    ],
  },
  {
    id: 'examples-optional',
    examples: [
      { id: 1, title: 'First', published: true },
      { id: 2, title: 'Second', published: false, subtitle: 'More' },
      { id: 3, title: 'Third', published: true },
    ],
    fields: ['id', 'title', 'published', 'subtitle'],
    valid: [{ id: 4, title: 'Fourth', published: false }],
    invalid: [
      { id: 4, published: false },
      { id: 4, title: 'Fourth', published: 'no' },
    ],
  },
  {
    id: 'team-members-each',
    description: 'A team has a name, a list of members, each with a name, a role and an email, and a created_at timestamp.',
    fields: ['name', 'members', 'created_at'],
    valid: [{ name: 'Core', members: [{ name: 'Ada', role: 'dev', email: 'ada@example.com' }], created_at: '2024-01-01T00:00:00Z' }],
    invalid: [
      { name: 'Core', members: [{ name: 'Ada', role: 'dev', email: 'nope' }], created_at: '2024-01-01T00:00:00Z' },
      { name: 'Core', members: 'Ada', created_at: '2024-01-01T00:00:00Z' },
    ],
  },
  {
    id: 'course',
    description: 'Course: code (string, e.g. CS101), title, credits (integer), prerequisites (array of course codes), online (boolean)',
    fields: ['code', 'title', 'credits', 'prerequisites', 'online'],
    valid: [{ code: 'CS201', title: 'Data Structures', credits: 6, prerequisites: ['CS101'], online: false }],
    invalid: [
      { code: 'CS201', title: 'Data Structures', credits: '6', prerequisites: ['CS101'], online: false },
      { code: 'CS201', title: 'Data Structures', credits: 6, prerequisites: 'CS101', online: false },
    ],
  },
  {
    id: 'ticket-status',
    description: 'A support ticket with id (integer), subject, status (open, pending or closed), priority (low/normal/high) and tags.',
    fields: ['id', 'subject', 'status', 'priority', 'tags'],
    valid: [{ id: 1, subject: 'Login', status: 'open', priority: 'high', tags: ['auth'] }],
    invalid: [
      { id: 1, subject: 'Login', status: 'done', priority: 'high', tags: [] },
      { id: 1, subject: 'Login', status: 'open', priority: 'urgent', tags: [] },
    ],
  },
  {
    id: 'config-urls',
    description: 'Config: port (integer, default 8080), host (string), debug (boolean), allowed_origins (list of URLs)',
    fields: ['port', 'host', 'debug', 'allowed_origins'],
    valid: [{ port: 3000, host: 'localhost', debug: true, allowed_origins: ['https://example.com'] }],
    invalid: [
      { port: '3000', host: 'localhost', debug: true, allowed_origins: [] },
      { port: 3000, host: 'localhost', debug: true, allowed_origins: ['not a url'] },
    ],
  },
];
