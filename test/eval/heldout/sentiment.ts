import type { SentimentCase } from '../suites/sentiment';

/** Held out: read only to report, never to tune. */
export const sentimentHeldOut: readonly SentimentCase[] = [
  {
    id: 'dentist-painless',
    text: 'I was dreading the root canal, but Dr. Patel made it completely painless and explained each step. Highly recommend.',
    label: 'positive',
  },
  {
    id: 'airline-lost-bag',
    text: 'The airline lost my suitcase and the help desk just shrugged. Four days without my clothes on a business trip.',
    label: 'negative',
  },
  { id: 'press-release-merger', text: 'The two companies expect the merger to close in the third quarter, subject to regulatory approval.', label: 'neutral' },
  {
    id: 'sofa-comfy-fabric',
    text: 'The sofa is really comfortable and looks great in the living room, although the fabric already shows cat scratches and the cushions sag after a few weeks.',
    label: 'mixed',
  },
  { id: 'no-complaints', text: 'No complaints whatsoever. Quick delivery, well packed, exactly as described.', label: 'positive' },
  {
    id: 'game-pay-to-win',
    text: 'What a cynical cash grab. Every level is designed to push you toward buying gems, and the story is an afterthought.',
    label: 'negative',
  },
  { id: 'office-move', text: 'The London office will relocate to 20 Farringdon Road over the weekend of 12 October.', label: 'neutral' },
  {
    id: 'restaurant-food-service',
    text: 'The lamb was cooked to perfection and the dessert menu is inventive. Service, however, was painfully slow and our waiter forgot half the order.',
    label: 'mixed',
  },
  {
    id: 'wouldnt-recommend',
    text: 'I wouldn’t recommend this charger to anyone. It stopped working after two weeks and the seller refuses to refund me.',
    label: 'negative',
  },
  { id: 'teacher-thank-you', text: 'Mr. Okafor, thank you for a wonderful year. Your patience and humour made our son love maths again.', label: 'positive' },
  {
    id: 'api-docs-note',
    text: 'Requests are limited to 100 per minute per key; responses include the remaining quota in the X-RateLimit-Remaining header.',
    label: 'neutral',
  },
  {
    id: 'bike-light-heavy',
    text: 'Fantastic gears and the frame feels solid on rough trails. The downside is weight: it is heavy to carry upstairs and a pain to get on the train.',
    label: 'mixed',
  },
  { id: 'not-impressed', text: 'Not impressed. The “premium” lounge was crowded, the food was stale and the Wi-Fi didn’t work.', label: 'negative' },
  {
    id: 'plumber-quick',
    text: 'The plumber arrived within the hour, fixed the leak in ten minutes and charged a fair price. Brilliant service.',
    label: 'positive',
  },
];
