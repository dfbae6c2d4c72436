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
];
