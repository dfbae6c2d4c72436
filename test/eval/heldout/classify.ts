import type { ClassifyCase } from '../suites/classify';

const BANK = ['cards', 'loans', 'fraud', 'account access'];
const NEWS = ['science', 'entertainment', 'politics', 'sports'];

/** Held out: read only to report, never to tune. */
export const classifyHeldOut: readonly ClassifyCase[] = [
  {
    id: 'bank-foreign-purchases',
    text: "Someone made three purchases in another country with my card that I didn't make.",
    categories: BANK,
    expected: 'fraud',
  },
  { id: 'bank-car-loan', text: "What's the interest rate on a five-year car loan?", categories: BANK, expected: 'loans' },
  { id: 'bank-locked-out', text: "I'm locked out of online banking after too many attempts.", categories: BANK, expected: 'account access' },
  { id: 'bank-debit-card', text: "My new debit card hasn't arrived yet.", categories: BANK, expected: 'cards' },
  { id: 'bank-renovation', text: 'Can I borrow 20,000 to renovate my kitchen?', categories: BANK, expected: 'loans' },
  { id: 'bank-coin-machine', text: "Where's the nearest branch with a coin machine?", categories: BANK, expected: null },
  {
    id: 'news-exoplanet',
    text: 'Astronomers detected water vapour in the atmosphere of a planet 120 light years away.',
    categories: NEWS,
    expected: 'science',
  },
  { id: 'news-box-office', text: 'The film topped the box office in its opening weekend with $90 million.', categories: NEWS, expected: 'entertainment' },
  {
    id: 'news-reshuffle',
    text: 'The prime minister reshuffled the cabinet, replacing the finance and health ministers.',
    categories: NEWS,
    expected: 'politics',
  },
  { id: 'news-tennis-retires', text: 'The tennis star retired after a 20-year career with 18 major titles.', categories: NEWS, expected: 'sports' },
  { id: 'news-cafe', text: 'The new cafe on Main Street serves breakfast all day.', categories: NEWS, expected: null },
  { id: 'news-reunion-tour', text: "The band's reunion tour sold out in minutes.", categories: NEWS, expected: 'entertainment' },
];
