import type { SummarizeCase } from '../suites/summarize';

/** Paragraphs and short articles whose one-sentence summary must keep the main point (each phrase of `point`). */
export const summarizeCases: readonly SummarizeCase[] = [
  {
    id: 'council-tram',
    text:
      'The city council voted on Tuesday to extend the tram line to the airport. The extension will add six stops and cost an estimated 240 million euros. ' +
      'Construction is expected to begin next spring. Opposition members argued the money would be better spent on buses.',
    point: ['tram', 'airport'],
  },
  {
    id: 'product-recall',
    text:
      'Brightway is recalling 80,000 electric kettles after reports that the handle can come loose. The company has received 14 reports of minor burns. ' +
      'Customers should stop using the kettles and return them to any store for a full refund. The affected models were sold between March and August.',
    point: ['recall', 'kettle'],
  },
  {
    id: 'study-sleep',
    text:
      'Teenagers who put their phones away an hour before bed slept on average 40 minutes longer, a new study of 2,000 students found. ' +
      'The researchers tracked sleep with wrist monitors over six weeks. They also found that the students reported feeling less tired in class. ' +
      'The authors caution that the study was not randomised.',
    point: ['phone', 'slept'],
  },
  {
    id: 'outage-postmortem',
    text:
      'On 3 May, checkout was unavailable for 47 minutes. The cause was an expired TLS certificate on the payments gateway. ' +
      'Alerts fired, but the on-call engineer first suspected a database problem. We have since automated certificate renewal and added an expiry alert 14 days ahead.',
    point: ['checkout', 'certificate'],
  },
  {
    id: 'company-results',
    text:
      'Northwind Logistics reported a 12 percent rise in annual revenue to 412 million dollars, driven by its cold-chain business. ' +
      'Profit margins narrowed slightly because of higher fuel costs. The company plans to open two new warehouses in Poland next year. ' +
      'Its shares rose 4 percent after the announcement.',
    point: ['revenue'],
  },
  {
    id: 'email-deadline',
    text:
      'Hi team, a quick reminder about next week. The deadline for the grant application has moved forward to Friday the 14th, so all sections need to be final by Wednesday. ' +
      'Priya will compile the document. Please send her your parts by Tuesday evening. Thanks, Jo',
    point: ['deadline'],
  },
  {
    id: 'review-vacuum',
    text:
      'I have used the StickPro for three months now. It is light, and it handles stairs easily. Overall it is the best vacuum I have owned, ' +
      'mainly because the suction on rugs is far stronger than my old one. The battery could last longer, but 40 minutes covers my flat.',
    point: ['best vacuum'],
  },
  {
    id: 'policy-remote',
    text:
      'From 1 September, all staff may work from home up to three days a week. Teams should agree which two days everyone is in the office. ' +
      'Managers can approve exceptions for roles that need to be on site. The company will provide a 500 euro allowance for home office equipment.',
    point: ['three days'],
  },
  {
    id: 'science-exoplanet',
    text:
      'Astronomers using the James Webb Space Telescope have detected carbon dioxide in the atmosphere of a planet outside our solar system. ' +
      'The planet, WASP-39b, is a hot gas giant orbiting a star 700 light years away. ' +
      'It is the first clear detection of the gas on an exoplanet, and it shows the telescope can measure the chemistry of distant worlds.',
    point: ['carbon dioxide'],
  },
  {
    id: 'weather-warning',
    text:
      'Forecasters have issued an amber warning for heavy snow across the north from Thursday evening. Up to 20 centimetres could fall on high ground. ' +
      'Drivers are advised to avoid unnecessary journeys, and some rural schools may close on Friday.',
    point: ['snow'],
  },
  {
    id: 'hr-layoffs',
    text:
      'Staff were told on Monday that the company will cut 200 jobs, about 8 percent of its workforce. The cuts fall mostly on the marketing and sales teams. ' +
      'Affected employees will receive four months of pay. The chief executive said the decision followed two years of falling sales.',
    point: ['200 jobs'],
  },
  {
    id: 'sports-final',
    text:
      'Portugal won the European Under-21 Championship on Sunday, beating Spain 2-1 in the final in Lisbon. ' +
      'Both goals came in the second half. It is the country’s first title at this level. Spain had won the previous two tournaments.',
    point: ['Portugal', 'won'],
  },
  {
    id: 'docs-migration',
    text:
      'Version 3 of the SDK replaces callbacks with promises. Every method now returns a promise, so code that passes a callback must be updated. ' +
      'A codemod is available to rewrite most call sites automatically. Version 2 will receive security fixes until the end of the year.',
    point: ['promises'],
  },
  {
    id: 'local-news-library',
    text:
      'The central library will close for eight months from January for a full renovation. During the closure, a temporary branch will open in the old post office on Market Street. ' +
      'Borrowed books can be returned there or at any other branch.',
    point: ['library', 'close'],
  },
  {
    id: 'medical-advice',
    text:
      'Most colds get better on their own within a week to ten days. Rest, drink plenty of fluids and take paracetamol for a fever. ' +
      'Antibiotics do not work against cold viruses. See a doctor if symptoms last more than three weeks or you have trouble breathing.',
    point: ['colds', 'better'],
  },
  {
    id: 'startup-funding',
    text:
      'Berlin-based start-up Loomly has raised 30 million euros to expand its software for planning factory shifts. ' +
      'The round was led by a US venture firm. Loomly says its tool cuts overtime by a fifth. It will use the money to hire 60 engineers and open an office in Milan.',
    point: ['raised', '30 million'],
  },
];
