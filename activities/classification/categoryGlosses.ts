/**
 * What people write about when a text belongs to a common category, for callers who give only its name: a bare
 * name ("technical support") is a short, vague point in the local model's space, far from "the app crashes", while
 * "name: description" is where a text about it lies (the thresholds in classify were read from described categories
 * as much as named ones). Written from what each word means in a support inbox or a newspaper, in users' words,
 * never from an evaluation case; beside a caller's own description it is a second reading of the name, and the nearer
 * of the two counts (categoryMatch's meaningViews).
 */
const GLOSSES: Readonly<Record<string, string>> = {
  // Support and sales inboxes.
  billing: 'invoices, charges, payments, refunds, subscriptions and what was paid',
  payments: 'paying, card payments, charges, failed or declined payments',
  refunds: 'getting money back for an order or a charge',
  returns: 'sending a product back, exchanges and return labels',
  shipping: 'delivery of orders and parcels: tracking, couriers, delays, addresses',
  delivery: 'orders and parcels on their way: couriers, tracking, late or missing deliveries',
  orders: 'placing, changing or cancelling an order',
  'technical support': 'something not working: errors, crashes, bugs, an app or a website that fails, freezes or will not load',
  'tech support': 'something not working: errors, crashes, bugs, an app or a website that fails, freezes or will not load',
  bug: 'something in the software that does not work as it should: an error, a crash, wrong behaviour',
  'feature request': 'asking for a new feature or an improvement to the product',
  account: 'the customer account: profile, email address, password, settings, signing in',
  'account access': 'signing in to an account: login, passwords, locked or blocked accounts, two-factor codes',
  login: 'signing in: passwords, usernames, locked accounts, verification codes',
  cancellation: 'cancelling a subscription, a membership, an order or a booking',
  complaints: 'dissatisfaction with a product, a service or how someone was treated',
  feedback: 'opinions and suggestions about a product or a service',
  sales: 'buying the product: prices, plans, quotes, demos and discounts',
  pricing: 'prices, plans, costs, quotes and discounts',
  privacy: 'personal data: what is collected, shared or deleted',
  security: 'attacks, vulnerabilities, breaches, stolen passwords and suspicious access',
  warranty: 'a faulty product covered by a guarantee: repair or replacement',
  subscriptions: 'a recurring plan: starting, renewing, pausing, changing or cancelling it',
  'password reset': 'a forgotten password: reset links and setting a new password',
  'order status': 'where an order is: processing, dispatched, tracking and delivery dates',
  spam: 'unwanted, unsolicited or junk messages and advertising',
  marketing: 'advertising, campaigns, promotion, newsletters and brand',
  press: 'journalists and the media: interviews, statements and press releases',
  legal: 'contracts, terms, lawsuits, compliance and legal notices',
  // IT and HR.
  hardware: 'physical devices: computers, screens, keyboards, printers, cables that are broken or faulty',
  software: 'programs and apps: installing, updating, crashes and errors',
  installation: 'installing or setting up software or a device',
  careers: 'jobs, vacancies, applying for work and hiring',
  jobs: 'vacancies, applying for work, hiring and employment',
  recruitment: 'hiring: vacancies, candidates, applications and interviews',
  // Travel and hospitality.
  reservations: 'booking a table, a room or a seat for a date and time, changing or cancelling a booking',
  bookings: 'reserving a room, a table, a seat or a date, and changing or cancelling it',
  menu: 'the dishes and drinks on offer: ingredients, allergens, prices, vegetarian or vegan options',
  flights: 'air travel: flight times, seats, delays, cancellations and changing a flight',
  hotels: 'places to stay: rooms, nights, check-in and check-out, hotel facilities',
  'car rental': 'hiring a car: pick-up and drop-off, the rental agreement, insurance and fuel',
  'travel documents': 'passports, visas, ID and entry requirements for a country',
  baggage: 'luggage and suitcases: allowances, lost, delayed or damaged bags',
  // Banking and insurance.
  cards: 'debit and credit cards: new, lost, stolen, blocked or declined cards and their PINs',
  fraud: 'transactions or activity someone did not make or authorise, scams, stolen details',
  loans: 'borrowing money: loans, mortgages, interest rates, repayments',
  claims: 'reporting damage, an accident, a theft or a loss and asking to be paid for it',
  mortgages: 'borrowing to buy a home: mortgage rates, repayments and remortgaging',
  savings: 'saving money: savings accounts, interest earned and deposits',
  transfers: 'sending and receiving money between accounts, international transfers',
  investments: 'shares, funds, pensions, portfolios and returns',
  // News.
  politics: 'government, elections, parliament, ministers, parties, laws and policies',
  sports: 'matches, games, athletes, teams, tournaments, results and records',
  business: 'companies, markets, shares, profits, the economy, jobs and trade',
  finance: 'money, markets, banks, investments, interest rates and earnings',
  economy: 'growth, inflation, jobs, trade, interest rates and prices',
  technology: 'computers, software, the internet, phones, gadgets, AI and tech companies',
  science: 'research and discoveries: scientists, studies, experiments, space, nature and medicine',
  health: 'illness, medicine, hospitals, doctors, fitness, diet and wellbeing',
  entertainment: 'films, music, television, celebrities, concerts, shows and games',
  environment: 'climate, pollution, nature, wildlife, energy and conservation',
  education: 'schools, universities, teachers, students, exams and courses',
  travel: 'trips, holidays, flights, hotels, destinations and tourism',
  weather: 'forecasts, rain, storms, heat, snow and temperatures',
  crime: 'police, arrests, courts, trials, theft and violence',
  culture: 'arts, books, music, film, theatre, museums and exhibitions',
  arts: 'painting, sculpture, theatre, music, dance, museums and exhibitions',
  food: 'cooking, recipes, restaurants, ingredients and eating',
  fashion: 'clothes, designers, style, trends and fashion shows',
  lifestyle: 'home, food, fashion, travel, relationships and everyday living',
  world: 'international news: other countries, foreign governments, wars and diplomacy',
  opinion: 'views, commentary and arguments about the news',
};

/** The gloss for a category named with no description, if its name is a common one ("Billing", "tech support", "cards"). */
export function glossOf(name: string): string | undefined {
  const key = name.trim().toLowerCase().replace(/\s+/g, ' ');
  return GLOSSES[key] ?? GLOSSES[`${key}s`] ?? (key.endsWith('s') ? GLOSSES[key.slice(0, -1)] : undefined);
}

/**
 * Every gloss as its reading ("billing: invoices, charges …"): the common topics a text may be about, whichever
 * categories a caller gives. Classify reads a text against those that lie apart from the caller's set, to tell a text
 * that fits none of them from one that fits one weakly.
 */
export const commonTopics: readonly string[] = Object.entries(GLOSSES).map(([name, gloss]) => `${name}: ${gloss}`);
