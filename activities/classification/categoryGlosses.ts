/**
 * What people write about when a text belongs to a common category, for callers who give only its name: a bare
 * name ("technical support") is a short, vague point in the local model's space, far from "the app crashes", while
 * "name: description" is where a text about it lies (the thresholds in classify were read from described categories
 * as much as named ones). Written from what each word means in a support inbox or a newspaper, in users' words; a
 * caller's own description always wins.
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
  // Banking and insurance.
  cards: 'debit and credit cards: new, lost, stolen, blocked or declined cards and their PINs',
  fraud: 'transactions or activity someone did not make or authorise, scams, stolen details',
  loans: 'borrowing money: loans, mortgages, interest rates, repayments',
  claims: 'reporting damage, an accident, a theft or a loss and asking to be paid for it',
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
};

/** The gloss for a category named with no description, if its name is a common one ("Billing", "tech support", "cards"). */
export function glossOf(name: string): string | undefined {
  const key = name.trim().toLowerCase().replace(/\s+/g, ' ');
  return GLOSSES[key] ?? GLOSSES[`${key}s`] ?? (key.endsWith('s') ? GLOSSES[key.slice(0, -1)] : undefined);
}
