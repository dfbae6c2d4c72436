import type { TagCase } from '../suites/tag';

const NEWS = ['finance', 'sports', 'politics', 'technology', 'health', 'science', 'entertainment', 'travel'];
const TICKETS = ['billing', 'shipping', 'account', 'bug', 'feature request'];
const RECIPES = ['vegetarian', 'dessert', 'quick', 'baking', 'spicy', 'soup'];
const ISSUES = ['frontend', 'backend', 'database', 'performance', 'security', 'documentation'];
const JOBS = ['engineering', 'sales', 'marketing', 'remote', 'senior', 'internship'];

/**
 * `expected` tags must all be given and nothing outside `expected` and `allowed` may be; `allowed` holds tags a careful
 * reader might add. Free-form cases (no taxonomy) name the topics a tag may be about.
 */
export const tagCases: readonly TagCase[] = [
  { id: 'example-earnings', text: 'Shares fell after the quarterly earnings report.', taxonomy: ['finance', 'sports', 'politics'], expected: ['finance'] },
  {
    id: 'news-rate-hike',
    text: 'The central bank raised interest rates to 5.25% to cool inflation, and mortgage holders will feel it first.',
    taxonomy: NEWS,
    expected: ['finance'],
  },
  {
    id: 'news-vaccine',
    text: 'The health ministry approved a new vaccine after trials showed 90% efficacy against the virus.',
    taxonomy: NEWS,
    expected: ['health'],
    allowed: ['science', 'politics'],
  },
  {
    id: 'news-eu-fine',
    text: 'The tech giant was fined €1.2 billion by EU regulators over transfers of user data to the United States.',
    taxonomy: NEWS,
    expected: ['technology'],
    allowed: ['finance', 'politics'],
  },
  {
    id: 'news-club-owner',
    text: "The football club's new owner, a software billionaire, plans to build an AI-powered training centre for the players.",
    taxonomy: NEWS,
    expected: ['sports', 'technology'],
    allowed: ['finance'],
  },
  {
    id: 'news-summer-flights',
    text: 'Airlines added flights to Lisbon and Porto as summer holiday bookings hit a record.',
    taxonomy: NEWS,
    expected: ['travel'],
    allowed: ['finance'],
  },
  {
    id: 'news-series-cancelled',
    text: 'The streaming service cancelled the drama series after two seasons despite strong reviews from critics.',
    taxonomy: NEWS,
    expected: ['entertainment'],
    allowed: ['technology', 'finance'],
  },
  {
    id: 'news-heatwave-hospital',
    text: 'Doctors warn that heatwaves are increasing hospital admissions among the elderly.',
    taxonomy: NEWS,
    expected: ['health'],
    allowed: ['science'],
  },
  {
    id: 'news-insulin-campaign',
    text: 'The election campaign turned to healthcare costs as both candidates promised to cap the price of insulin.',
    taxonomy: NEWS,
    expected: ['politics', 'health'],
    allowed: ['finance'],
  },
  {
    id: 'news-black-hole',
    text: 'Astronomers used a telescope in Chile to image the jet of a black hole 55 million light years away.',
    taxonomy: NEWS,
    expected: ['science'],
    allowed: ['technology'],
  },
  { id: 'news-kittens', text: "My neighbour's cat had four kittens under the porch last night.", taxonomy: NEWS, expected: [] },
  {
    id: 'news-museum-wing',
    text: 'The museum reopened after a two-year renovation with a new wing for contemporary art.',
    taxonomy: NEWS,
    expected: [],
    allowed: ['entertainment', 'travel'],
  },
  {
    id: 'news-kyoto-yen',
    text: "Tourists flocked to Kyoto's temples as the yen fell to a 30-year low against the dollar.",
    taxonomy: NEWS,
    expected: ['travel'],
    allowed: ['finance'],
  },
  {
    id: 'news-breakdancing',
    text: 'The Olympic committee confirmed that breakdancing will not return at the 2028 Games.',
    taxonomy: NEWS,
    expected: ['sports'],
  },
  {
    id: 'news-axolotl',
    text: 'Scientists sequenced the genome of the axolotl, a salamander that can regrow its limbs.',
    taxonomy: NEWS,
    expected: ['science'],
    allowed: ['health'],
  },

  {
    id: 'ticket-charged-lost',
    text: 'I was charged for express delivery, but the courier lost my parcel.',
    taxonomy: TICKETS,
    expected: ['billing', 'shipping'],
  },
  { id: 'ticket-dark-mode', text: 'It would be great if the app had a dark mode.', taxonomy: TICKETS, expected: ['feature request'] },
  {
    id: 'ticket-crash-login',
    text: "After the update the app crashes when I upload a photo, and I can't log in to my account on my tablet either.",
    taxonomy: TICKETS,
    expected: ['bug', 'account'],
  },
  {
    id: 'ticket-email-invoice',
    text: 'Please change the email address on my account and send the invoice to the new one.',
    taxonomy: TICKETS,
    expected: ['account', 'billing'],
  },
  { id: 'ticket-damaged', text: "My order arrived damaged and I'd like a replacement sent out.", taxonomy: TICKETS, expected: ['shipping'] },
  { id: 'ticket-thanks', text: 'Thanks, that did the trick!', taxonomy: TICKETS, expected: [] },

  {
    id: 'recipe-chickpea-curry',
    text: 'A 15-minute chickpea curry with plenty of chilli and garam masala.',
    taxonomy: RECIPES,
    expected: ['quick', 'spicy'],
    allowed: ['vegetarian'],
  },
  {
    id: 'recipe-tomato-soup',
    text: 'Slow-roasted tomato soup with basil and a swirl of cream.',
    taxonomy: RECIPES,
    expected: ['soup'],
    allowed: ['vegetarian'],
  },
  { id: 'recipe-cookies', text: 'Classic chocolate chip cookies baked until golden at the edges.', taxonomy: RECIPES, expected: ['dessert', 'baking'] },
  { id: 'recipe-tortilla-soup', text: 'Chicken tortilla soup with jalapeños and smoked paprika.', taxonomy: RECIPES, expected: ['soup', 'spicy'] },
  { id: 'recipe-steak', text: 'Grilled ribeye steak with garlic butter and rosemary.', taxonomy: RECIPES, expected: [], allowed: ['quick'] },

  {
    id: 'issue-xss',
    text: 'The login form does not escape HTML, so a script typed into the username field runs in the browser.',
    taxonomy: ISSUES,
    expected: ['security', 'frontend'],
  },
  {
    id: 'issue-slow-query',
    text: 'The orders query takes 9 seconds because the table has no index on customer_id.',
    taxonomy: ISSUES,
    expected: ['database', 'performance'],
    allowed: ['backend'],
  },
  { id: 'issue-readme', text: 'The README still describes the old install command.', taxonomy: ISSUES, expected: ['documentation'] },
  { id: 'issue-500', text: 'The REST endpoint returns a 500 error when the request body is empty.', taxonomy: ISSUES, expected: ['backend'] },
  {
    id: 'issue-rerender',
    text: 'The dashboard page re-renders the whole chart on every keystroke, which makes typing sluggish.',
    taxonomy: ISSUES,
    expected: ['frontend', 'performance'],
  },
  { id: 'issue-lunch', text: 'Team lunch has moved to Friday at noon.', taxonomy: ISSUES, expected: [] },

  {
    id: 'job-senior-remote',
    text: "We're hiring a senior backend engineer to work fully remotely across European time zones.",
    taxonomy: JOBS,
    expected: ['engineering', 'senior', 'remote'],
  },
  {
    id: 'job-marketing-intern',
    text: 'Summer internship in our marketing team, 10 weeks, based in Berlin.',
    taxonomy: JOBS,
    expected: ['internship', 'marketing'],
  },
  { id: 'job-account-exec', text: 'Account executive to grow our enterprise sales in the Nordics.', taxonomy: JOBS, expected: ['sales'] },

  {
    id: 'free-solar-farm',
    text: 'The council approved a 40-hectare solar farm on former farmland near the river. The solar farm will power 12,000 homes and is expected to open in 2026.',
    topics: ['solar', 'farm', 'council', 'home', 'energy', 'river', 'farmland', 'hectare'],
  },
  {
    id: 'free-kubernetes-outage',
    text: 'A misconfigured Kubernetes ingress caused a two-hour outage of the checkout service. Engineers rolled back the ingress change and added a canary deployment step.',
    topics: ['kubernetes', 'ingress', 'outage', 'checkout', 'canary', 'deployment', 'engineer', 'rollback'],
  },
  {
    id: 'free-coffee-review',
    text: 'This single-origin Ethiopian coffee has bright citrus notes and a floral aroma. The medium roast works well as espresso or pour-over.',
    topics: ['coffee', 'ethiopian', 'citrus', 'floral', 'roast', 'espresso', 'pour-over', 'aroma', 'single-origin'],
  },
  {
    id: 'free-library-hours',
    text: 'The city library will extend its opening hours on weekdays and add a children’s reading room on the second floor.',
    topics: ['library', 'opening', 'hours', 'children', 'reading', 'room', 'city', 'weekday'],
  },
  {
    id: 'free-marathon',
    text: 'Thousands of runners took part in the Berlin marathon on Sunday. The men’s winner finished in 2 hours 2 minutes, just short of the course record.',
    topics: ['marathon', 'runner', 'berlin', 'winner', 'course', 'record', 'race'],
  },
];
