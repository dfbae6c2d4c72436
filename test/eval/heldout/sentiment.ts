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

  // Written for issue 33's second round (contrast, negation, notices), before the methods were run on them.
  {
    id: 'hotel-view-wifi',
    text: 'The view from our room was breathtaking, but the Wi-Fi dropped every few minutes and the front desk could not fix it.',
    label: 'mixed',
  },
  { id: 'not-disappointed', text: 'I was not disappointed at all. The headphones sound rich and the battery lasts all week.', label: 'positive' },
  { id: 'bus-timetable', text: 'From 3 June, the number 12 bus will run every 15 minutes between 7 a.m. and 7 p.m. on weekdays.', label: 'neutral' },
  {
    id: 'gym-never-refunded',
    text: 'I cancelled my membership in January and they still have not refunded the March fee. Nobody replies to my emails.',
    label: 'negative',
  },
  {
    id: 'laptop-fast-hot',
    text: 'Blazing fast for video editing and the screen is gorgeous. It does get uncomfortably hot on my lap, though.',
    label: 'mixed',
  },
  { id: 'cafe-lovely', text: 'Lovely little cafe with friendly staff and the best flat white in town.', label: 'positive' },
  {
    id: 'insurance-claim',
    text: 'Three months after the flood, my claim is still under review and every call ends with being put on hold for an hour.',
    label: 'negative',
  },
  {
    id: 'meeting-minutes',
    text: 'The committee reviewed the quarterly figures and agreed to discuss the parking proposal at the next meeting.',
    label: 'neutral',
  },
  {
    id: 'movie-acting-plot',
    text: 'The acting is superb and the soundtrack is haunting, yet the plot is predictable and drags in the second hour.',
    label: 'mixed',
  },
  { id: 'not-worth-it', text: 'Not worth the money. The blender leaks from the base and the lid cracked within a week.', label: 'negative' },
  {
    id: 'teacher-thanks',
    text: 'Thank you so much to Ms. Rahman for her patience this year; our son finally enjoys maths.',
    label: 'positive',
  },
  { id: 'recipe-steps', text: 'Preheat the oven to 180 degrees, grease a round tin and mix the flour with the sugar.', label: 'neutral' },
  {
    id: 'app-update-mixed',
    text: 'Although the new layout is much cleaner, the update removed offline mode, which was the only reason I used the app.',
    label: 'mixed',
  },
  { id: 'concert-amazing', text: 'Absolutely amazing night. The band played for three hours and the crowd sang every word.', label: 'positive' },
  {
    id: 'landlord-ignored',
    text: 'The heating has been broken for two weeks and the landlord has ignored every message.',
    label: 'negative',
  },
  { id: 'product-recall-notice', text: 'The manufacturer is recalling batches 2211 to 2240 of the baby formula as a precaution.', label: 'neutral' },
];
