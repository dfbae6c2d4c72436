import type { TagCase } from '../suites/tag';

const NEWS = ['finance', 'sports', 'politics', 'technology', 'health', 'science', 'entertainment', 'travel'];
const TICKETS = ['billing', 'shipping', 'account', 'bug', 'feature request'];
const ISSUES = ['frontend', 'backend', 'database', 'performance', 'security', 'documentation'];

/** Held out: read only to report, never to tune. */
export const tagHeldOut: readonly TagCase[] = [
  { id: 'news-snap-election', text: 'The prime minister called a snap election after losing a confidence vote.', taxonomy: NEWS, expected: ['politics'] },
  {
    id: 'news-chip-profit',
    text: "The chipmaker's quarterly profit doubled on strong demand for AI servers.",
    taxonomy: NEWS,
    expected: ['finance'],
    allowed: ['technology'],
  },
  {
    id: 'news-marathon-heat',
    text: 'The marathon was cancelled because of the heatwave after three runners were treated for heatstroke.',
    taxonomy: NEWS,
    expected: ['sports', 'health'],
  },
  {
    id: 'news-budget-airline',
    text: 'A new budget airline will fly from Manchester to Marrakech twice a week.',
    taxonomy: NEWS,
    expected: ['travel'],
    allowed: ['finance'],
  },
  { id: 'news-sourdough', text: 'The bakery down the road now sells sourdough on Sundays.', taxonomy: NEWS, expected: [] },
  { id: 'ticket-billed-not-shipped', text: "I was billed twice and the package still hasn't shipped.", taxonomy: TICKETS, expected: ['billing', 'shipping'] },
  { id: 'ticket-pdf-export', text: 'Could you add an option to export reports as PDF?', taxonomy: TICKETS, expected: ['feature request'] },
  {
    id: 'ticket-password-email',
    text: 'I forgot my password and the reset email never arrives.',
    taxonomy: TICKETS,
    expected: ['account'],
    allowed: ['bug'],
  },
  { id: 'issue-plain-passwords', text: 'Passwords are stored in plain text in the users table.', taxonomy: ISSUES, expected: ['security', 'database'] },
  {
    id: 'issue-stale-docs',
    text: 'The API docs still list a parameter that was removed in version 3.',
    taxonomy: ISSUES,
    expected: ['documentation'],
    allowed: ['backend'],
  },
  {
    id: 'free-wildfire',
    text: 'Firefighters contained a wildfire that burned 3,000 hectares of forest near the coast. Evacuated residents were allowed to return home on Tuesday.',
    topics: ['wildfire', 'fire', 'firefighter', 'forest', 'hectare', 'resident', 'evacuat', 'coast', 'home'],
  },
  {
    id: 'free-ev-charging',
    text: 'The supermarket chain will install fast chargers for electric cars at 200 stores. Drivers can charge while they shop and pay through the chain’s app.',
    topics: ['charger', 'charging', 'electric', 'car', 'supermarket', 'store', 'driver', 'app', 'fast'],
  },
];
