import type { ClassifyCase } from '../suites/classify';

const SUPPORT = ['billing', 'shipping', 'technical support'];
const NEWS = ['politics', 'sports', 'business', 'technology', 'health'];
const SALES_INBOX = [
  { name: 'demo request', description: 'wants to see the product or book a demo' },
  { name: 'pricing question', description: 'asks about prices, plans, discounts or quotes' },
  { name: 'partnership', description: 'proposes working together, reselling or integrating' },
  { name: 'unsubscribe', description: 'wants to stop receiving emails' },
];
const SHOP = ['electronics', 'clothing', 'kitchen', 'toys', 'garden'];
const HELPDESK = [
  { name: 'hardware', description: 'broken or faulty devices: laptops, screens, keyboards, printers' },
  { name: 'access', description: 'permissions, accounts and passwords for systems and folders' },
  { name: 'software', description: 'applications that crash, misbehave or need installing' },
  { name: 'network', description: 'Wi-Fi, VPN and internet connection problems' },
];

/** `expected: null` means none of the categories fits and the right answer is no category. */
export const classifyCases: readonly ClassifyCase[] = [
  { id: 'support-where-order', text: 'Where is my order? It was supposed to be delivered yesterday.', categories: SUPPORT, expected: 'shipping' },
  { id: 'support-tracking', text: "The tracking number you sent doesn't work on the courier's website.", categories: SUPPORT, expected: 'shipping' },
  { id: 'support-double-charge', text: 'I was charged twice for the same subscription this month.', categories: SUPPORT, expected: 'billing' },
  { id: 'support-app-freezes', text: 'The app freezes on the loading screen after the latest update.', categories: SUPPORT, expected: 'technical support' },
  { id: 'support-vat-invoice', text: "Can I get an invoice with my company's VAT number on it?", categories: SUPPORT, expected: 'billing' },
  {
    id: 'support-login',
    text: "I can't log in. It says my password is incorrect even after I reset it.",
    categories: SUPPORT,
    expected: 'technical support',
  },
  {
    id: 'support-wrong-address',
    text: 'My package was left at the wrong address and the neighbour says they never got it.',
    categories: SUPPORT,
    expected: 'shipping',
  },
  { id: 'support-card-declined', text: 'Why was my card declined when I paid for the upgrade?', categories: SUPPORT, expected: 'billing' },
  {
    id: 'support-change-address',
    text: "How do I change the delivery address for an order that hasn't shipped yet?",
    categories: SUPPORT,
    expected: 'shipping',
  },
  { id: 'support-export-error', text: 'The export button gives me a 500 error every time I click it.', categories: SUPPORT, expected: 'technical support' },
  { id: 'support-opening-hours', text: 'What are your opening hours on public holidays?', categories: SUPPORT, expected: null },

  {
    id: 'news-chipmaker',
    text: 'Shares of the chipmaker jumped 12 percent after it raised its revenue forecast for the year.',
    categories: NEWS,
    expected: 'business',
  },
  {
    id: 'news-striker',
    text: 'The striker scored twice in the final ten minutes to send the club into the cup semi-finals.',
    categories: NEWS,
    expected: 'sports',
  },
  {
    id: 'news-budget-vote',
    text: 'Parliament passed the budget bill by 312 votes to 290 after a heated late-night debate.',
    categories: NEWS,
    expected: 'politics',
  },
  {
    id: 'news-steps',
    text: 'Researchers found that adults who walked 7,000 steps a day had a much lower risk of heart disease.',
    categories: NEWS,
    expected: 'health',
  },
  {
    id: 'news-chip-llm',
    text: 'The company unveiled a smartphone processor that runs large language models without an internet connection.',
    categories: NEWS,
    expected: 'technology',
  },
  {
    id: 'news-rate-hike',
    text: 'The central bank raised interest rates by a quarter point to fight stubborn inflation.',
    categories: NEWS,
    expected: 'business',
  },
  { id: 'news-senator', text: 'The senator announced she will not seek re-election next year.', categories: NEWS, expected: 'politics' },
  { id: 'news-flu', text: 'Hospitals are reporting a sharp rise in flu admissions as winter begins.', categories: NEWS, expected: 'health' },
  { id: 'news-marathon-injury', text: 'The marathon champion withdrew from the race with a hamstring injury.', categories: NEWS, expected: 'sports' },
  { id: 'news-browser-flaw', text: 'A security flaw in the popular browser let attackers read saved passwords.', categories: NEWS, expected: 'technology' },
  { id: 'news-apple-pie', text: "My grandmother's apple pie recipe uses cinnamon and a pinch of nutmeg.", categories: NEWS, expected: null },
  { id: 'news-museum', text: "The museum's new exhibition features 200 works by Impressionist painters.", categories: NEWS, expected: null },

  { id: 'sales-walkthrough', text: 'Could you walk our team through the platform sometime next week?', categories: SALES_INBOX, expected: 'demo request' },
  {
    id: 'sales-seats',
    text: 'What would 50 seats cost on the annual plan, and do you offer nonprofit discounts?',
    categories: SALES_INBOX,
    expected: 'pricing question',
  },
  { id: 'sales-agency', text: 'We run an agency in Lyon and would love to resell your tool to our clients.', categories: SALES_INBOX, expected: 'partnership' },
  { id: 'sales-remove-me', text: 'Please remove me from your mailing list.', categories: SALES_INBOX, expected: 'unsubscribe' },
  { id: 'sales-cheaper-tier', text: 'Is there a cheaper tier for teams under ten people?', categories: SALES_INBOX, expected: 'pricing question' },
  { id: 'sales-stop-newsletters', text: 'Stop sending me these newsletters.', categories: SALES_INBOX, expected: 'unsubscribe' },
  {
    id: 'sales-crm-integration',
    text: 'We build a CRM and think an integration with your API would benefit both our customers.',
    categories: SALES_INBOX,
    expected: 'partnership',
  },
  { id: 'sales-live-demo', text: "I'd like to schedule a live demonstration for our CTO.", categories: SALES_INBOX, expected: 'demo request' },
  { id: 'sales-holidays', text: 'Happy holidays from all of us at the Lisbon office!', categories: SALES_INBOX, expected: null },

  { id: 'shop-knife', text: "Stainless steel chef's knife with a 20 cm blade", categories: SHOP, expected: 'kitchen' },
  { id: 'shop-jacket', text: "Waterproof hiking jacket with a detachable hood, men's size L", categories: SHOP, expected: 'clothing' },
  { id: 'shop-speaker', text: 'Bluetooth speaker with 12-hour battery life', categories: SHOP, expected: 'electronics' },
  { id: 'shop-blocks', text: 'Wooden building blocks set for ages 3 and up', categories: SHOP, expected: 'toys' },
  { id: 'shop-hedge-trimmer', text: 'Cordless hedge trimmer with a 50 cm blade for shrubs and bushes', categories: SHOP, expected: 'garden' },
  { id: 'shop-skillet', text: 'Cast iron skillet, pre-seasoned, 26 cm', categories: SHOP, expected: 'kitchen' },
  { id: 'shop-novel', text: 'A hardcover novel about a lighthouse keeper and his daughter', categories: SHOP, expected: null },

  { id: 'helpdesk-cracked-screen', text: 'My laptop screen has a crack across the corner.', categories: HELPDESK, expected: 'hardware' },
  { id: 'helpdesk-shared-drive', text: 'I need permission to edit the finance shared drive.', categories: HELPDESK, expected: 'access' },
  { id: 'helpdesk-excel', text: 'Excel keeps closing whenever I open the budget file.', categories: HELPDESK, expected: 'software' },
  { id: 'helpdesk-wifi', text: 'The office Wi-Fi drops every few minutes on the third floor.', categories: HELPDESK, expected: 'network' },
  { id: 'helpdesk-coffee', text: 'Can someone order more coffee for the kitchen?', categories: HELPDESK, expected: null },
];
