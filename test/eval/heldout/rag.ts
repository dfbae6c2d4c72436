import type { RagCase } from '../suites/rag';

const SHOP = [
  {
    id: 'returns',
    title: 'Returns and refunds',
    text:
      'You can return unworn shoes within 60 days for a full refund. Return shipping is free in the United States. ' +
      'Refunds are processed within 3 business days of the return reaching our warehouse in Reno.',
  },
  {
    id: 'sizing',
    title: 'Sizing',
    text: 'Our shoes run half a size small, so we recommend ordering half a size up. Wide fits are available for the Trail and City models.',
  },
  {
    id: 'care',
    title: 'Care',
    text: 'Clean the uppers with a damp cloth and mild soap. Do not put the shoes in a washing machine or tumble dryer; let them dry naturally away from radiators.',
  },
];

const GYM = [
  {
    id: 'membership',
    title: 'Membership',
    text:
      'A monthly membership costs 35 pounds and can be cancelled with one month of notice. Students pay 25 pounds a month with a valid student card. ' +
      'Members may bring a guest twice a month at no charge.',
  },
  {
    id: 'hours',
    title: 'Opening hours',
    text: 'The gym is open from 6 a.m. to 10 p.m. on weekdays and from 8 a.m. to 8 p.m. at weekends. The pool closes an hour before the gym.',
  },
  {
    id: 'classes',
    title: 'Classes',
    text: 'Yoga classes run on Tuesday and Thursday evenings. Classes must be booked in the app at least two hours in advance.',
  },
];

/** Held out: read only to report, never to tune. */
export const ragHeldOut: readonly RagCase[] = [
  { id: 'shop-return-window', documents: SHOP, question: 'How long do I have to return shoes?', answers: ['60 days'] },
  { id: 'shop-warehouse', documents: SHOP, question: 'Where is the warehouse?', answers: ['Reno'] },
  { id: 'shop-wide', documents: SHOP, question: 'Which models come in wide fits?', answers: ['Trail and City'] },
  { id: 'shop-clean', documents: SHOP, question: 'How should I clean the uppers?', answers: ['damp cloth'] },
  { id: 'shop-refund-time', documents: SHOP, question: 'How long does it take to process a refund?', answers: ['3 business days'] },
  { id: 'shop-size', documents: SHOP, question: 'What size should I order?', answers: ['half a size up'] },
  { id: 'shop-canada', documents: SHOP, question: 'How much is return shipping to Canada?', answers: null },
  { id: 'shop-gift-card', documents: SHOP, question: 'How much does a gift card cost?', answers: null },
  { id: 'shop-warranty', documents: SHOP, question: 'How long is the warranty on the soles?', answers: null },
  { id: 'shop-material', documents: SHOP, question: 'What are the shoes made of?', answers: null },
  { id: 'shop-sale', documents: SHOP, question: 'When is the next sale?', answers: null },
  { id: 'shop-stores', documents: SHOP, question: 'How many stores do you have?', answers: null },
  // Written for issue 33's second round, before the methods were run on them.
  { id: 'gym-price', documents: GYM, question: 'How much is a monthly membership?', answers: ['35 pounds'] },
  { id: 'gym-student', documents: GYM, question: 'How much do students pay?', answers: ['25 pounds'] },
  { id: 'gym-weekend-hours', documents: GYM, question: 'When does the gym open at weekends?', answers: ['8 a.m.'] },
  { id: 'gym-yoga', documents: GYM, question: 'When are the yoga classes?', answers: ['Tuesday and Thursday'] },
  { id: 'gym-booking', documents: GYM, question: 'How far ahead must classes be booked?', answers: ['two hours'] },
  { id: 'gym-parking', documents: GYM, question: 'Is there free parking at the gym?', answers: null },
  { id: 'gym-personal-trainer', documents: GYM, question: 'How much does a personal trainer cost?', answers: null },
  { id: 'gym-sauna', documents: GYM, question: 'When does the sauna close?', answers: null },
  { id: 'gym-family', documents: GYM, question: 'Is there a discount for families?', answers: null },
  { id: 'gym-cancel', documents: GYM, question: 'How much notice do I need to give to cancel?', answers: ['one month'] },
];
