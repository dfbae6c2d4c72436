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

// Written for issue 33's third round (h33), before the phrase reader's coordination, duration and range work was run on them.
const CLINIC = [
  {
    id: 'appointments',
    title: 'Appointments',
    text:
      'Appointments can be made by phone or online. Please cancel at least 48 hours before your appointment, otherwise a fee of 20 euros is charged. ' +
      'New patients should arrive 15 minutes early to fill in a health questionnaire.',
  },
  {
    id: 'hours',
    title: 'Opening hours',
    text: 'The practice is open Monday to Friday from 8:30 a.m. to 6 p.m. and on Saturday mornings. Emergency slots are kept free every weekday between 9 and 11 a.m.',
  },
  {
    id: 'treatments',
    title: 'Treatments',
    text: 'We offer check-ups, hygiene cleaning, fillings and whitening. Whitening is not offered to patients under 18. A check-up with a cleaning takes about 45 minutes.',
  },
];

const LIBRARY = [
  {
    id: 'loans',
    title: 'Borrowing',
    text:
      'Books can be borrowed for three weeks and renewed twice, online or at the front desk. DVDs are lent for seven days. ' +
      'Faulty or damaged items must be reported within 2 days of borrowing them.',
  },
  {
    id: 'events',
    title: 'Events',
    text: 'Story time for children is held on Wednesday and Saturday mornings. The book club meets on the first Monday of every month from September to June.',
  },
  {
    id: 'rooms',
    title: 'Study rooms',
    text: 'Study rooms can be reserved up to two weeks in advance, for groups of two to six people.',
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
  // Written for issue 33's third round (h33): answers in coordinated, duration, lead-time and range forms, before the
  // methods were run on them.
  { id: 'clinic-cancel-notice', documents: CLINIC, question: 'How long before my appointment do I have to cancel?', answers: ['48 hours'] },
  { id: 'clinic-arrive-early', documents: CLINIC, question: 'How early should new patients arrive?', answers: ['15 minutes'] },
  { id: 'clinic-weekdays', documents: CLINIC, question: 'Which days is the practice open?', answers: ['Monday to Friday'] },
  {
    id: 'clinic-emergency',
    documents: CLINIC,
    question: 'When are emergency slots available?',
    answers: ['between 9 and 11 a.m.', '9 and 11 a.m.', '9 to 11 a.m.'],
  },
  { id: 'clinic-treatments', documents: CLINIC, question: 'Which treatments do you offer?', answers: ['fillings and whitening'] },
  { id: 'clinic-whitening-price', documents: CLINIC, question: 'How much does whitening cost?', answers: null },
  { id: 'clinic-dentists', documents: CLINIC, question: 'How many dentists work at the practice?', answers: null },
  { id: 'library-story-time', documents: LIBRARY, question: 'When is story time?', answers: ['Wednesday and Saturday'] },
  { id: 'library-book-club-season', documents: LIBRARY, question: 'In which months does the book club meet?', answers: ['September to June'] },
  { id: 'library-room-ahead', documents: LIBRARY, question: 'How far in advance can I reserve a study room?', answers: ['two weeks'] },
  { id: 'library-room-size', documents: LIBRARY, question: 'How many people can use a study room?', answers: ['two to six'] },
  { id: 'library-damage-report', documents: LIBRARY, question: 'How soon must I report a damaged item?', answers: ['2 days'] },
  { id: 'library-sunday', documents: LIBRARY, question: 'When does the library close on Sundays?', answers: null },
  { id: 'library-fine', documents: LIBRARY, question: 'How much is the fine for a late DVD?', answers: null },
];
