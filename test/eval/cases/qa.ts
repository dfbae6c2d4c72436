import type { QaCase } from '../suites/qa';

const REEF =
  'The Great Barrier Reef stretches for about 2,300 kilometres along the coast of Queensland, Australia. It is made up of roughly 2,900 individual reefs and 900 islands. ' +
  'Reef tourism generates about 6.4 billion Australian dollars a year and supports roughly 64,000 jobs. The reef was declared a World Heritage Site in 1981. ' +
  'Mass bleaching events in 2016 and 2017 killed about half of the shallow-water corals in the northern section. Marine biologist Terry Hughes led the surveys that mapped the damage.';

const NORTHWIND =
  'Northwind Logistics reported revenue of $412 million for the fiscal year ending June 30, 2024, up 8 percent from the previous year. ' +
  'The company, headquartered in Rotterdam, employs 3,100 people across 14 countries. Chief executive Anja Vermeer said the growth came mainly from its cold-chain business, ' +
  'which now accounts for 35 percent of sales. Northwind plans to open a new distribution centre in Gdańsk in early 2025.';

const LOVELACE =
  'Ada Lovelace was born in London on 10 December 1815, the only legitimate child of the poet Lord Byron. She worked with Charles Babbage on his proposed Analytical Engine and, ' +
  'in 1843, published notes that included what is often described as the first computer program. She died of cancer in 1852 at the age of 36.';

const EBIKE =
  'The Aurora X2 e-bike has a 500 Wh battery that takes about four and a half hours to charge fully. On a single charge it covers up to 90 kilometres in eco mode. ' +
  'The frame is made of aluminium and the bike weighs 23 kilograms. It costs 2,799 euros and comes with a two-year warranty on the motor.';

const RETURNS =
  'Refunds are issued to the original payment method within 5 to 7 business days after we receive the returned item. Items must be returned within 30 days of delivery ' +
  'and in their original packaging. Customers in the EU can return items free of charge using the prepaid label; customers elsewhere pay a flat return fee of $6.95. ' +
  'For help, contact support@shopmate.com.';

const OLYMPICS =
  "Kenya's Faith Kipyegon won the women's 1500 metres at the Paris Olympics on 10 August 2024, finishing in 3 minutes 51.29 seconds. " +
  "It was her third consecutive Olympic title in the event. Australia's Jessica Hull took silver and Britain's Georgia Bell won bronze. " +
  'About 69,000 spectators watched the final at the Stade de France.';

const EVEREST =
  'Mount Everest rises 8,849 metres above sea level, according to a joint Chinese and Nepalese survey announced in December 2020. ' +
  'The mountain sits on the border between Nepal and the Tibet Autonomous Region of China. Edmund Hillary and Tenzing Norgay made the first confirmed ascent on 29 May 1953. ' +
  'Climbers typically spend about two months on an expedition, most of it acclimatising at base camp.';

const LAUNCH =
  'Hi all, the product launch is confirmed for Tuesday, 14 May. Priya will present the demo and Tom is handling the press release. ' +
  'We have booked the Riverside Hall in Manchester, which holds 250 guests. The budget for catering is £4,500. Please send your slides to Priya by Friday.';

/** Questions over short documents; `answers: null` means the document does not say, and the right answer is none. */
export const qaCases: readonly QaCase[] = [
  { id: 'reef-jobs', text: REEF, question: 'How many jobs does reef tourism support?', answers: ['64,000'] },
  { id: 'reef-length', text: REEF, question: 'How long is the reef?', answers: ['2,300 kilometres'] },
  { id: 'reef-heritage', text: REEF, question: 'When was the reef declared a World Heritage Site?', answers: ['1981'] },
  { id: 'reef-surveys', text: REEF, question: 'Who led the surveys that mapped the bleaching damage?', answers: ['Terry Hughes'] },
  { id: 'reef-where', text: REEF, question: 'Where is the Great Barrier Reef?', answers: ['Queensland'] },
  { id: 'reef-money', text: REEF, question: 'How much money does reef tourism generate each year?', answers: ['6.4 billion'] },
  { id: 'reef-islands', text: REEF, question: 'How many islands are part of the reef?', answers: ['900'] },
  { id: 'reef-depth', text: REEF, question: 'How deep is the reef?', answers: null },
  { id: 'reef-discovered', text: REEF, question: 'Who discovered the Great Barrier Reef?', answers: null },

  { id: 'northwind-revenue', text: NORTHWIND, question: 'How much revenue did Northwind report?', answers: ['$412 million'] },
  { id: 'northwind-hq', text: NORTHWIND, question: 'Where is Northwind headquartered?', answers: ['Rotterdam'] },
  { id: 'northwind-ceo', text: NORTHWIND, question: 'Who is the chief executive of Northwind?', answers: ['Anja Vermeer'] },
  { id: 'northwind-staff', text: NORTHWIND, question: 'How many people does Northwind employ?', answers: ['3,100'] },
  { id: 'northwind-cold-chain', text: NORTHWIND, question: 'What percentage of sales comes from the cold-chain business?', answers: ['35 percent'] },
  { id: 'northwind-gdansk', text: NORTHWIND, question: 'When will the Gdańsk distribution centre open?', answers: ['early 2025', '2025'] },
  { id: 'northwind-trucks', text: NORTHWIND, question: 'How many trucks does Northwind operate?', answers: null },

  { id: 'lovelace-born', text: LOVELACE, question: 'When was Ada Lovelace born?', answers: ['10 December 1815'] },
  { id: 'lovelace-birthplace', text: LOVELACE, question: 'Where was Ada Lovelace born?', answers: ['London'] },
  { id: 'lovelace-father', text: LOVELACE, question: "Who was Ada Lovelace's father?", answers: ['Lord Byron', 'Byron'] },
  { id: 'lovelace-babbage', text: LOVELACE, question: 'Who did Ada Lovelace work with on the Analytical Engine?', answers: ['Charles Babbage'] },
  { id: 'lovelace-age', text: LOVELACE, question: 'How old was Ada Lovelace when she died?', answers: ['36'] },
  { id: 'lovelace-notes', text: LOVELACE, question: 'In what year did she publish her notes?', answers: ['1843'] },
  { id: 'lovelace-buried', text: LOVELACE, question: 'Where is Ada Lovelace buried?', answers: null },

  { id: 'ebike-charge', text: EBIKE, question: 'How long does the battery take to charge?', answers: ['four and a half hours'] },
  { id: 'ebike-range', text: EBIKE, question: 'How far can the bike go on one charge?', answers: ['90 kilometres'] },
  { id: 'ebike-weight', text: EBIKE, question: 'How much does the Aurora X2 weigh?', answers: ['23 kilograms'] },
  { id: 'ebike-price', text: EBIKE, question: 'How much does the Aurora X2 cost?', answers: ['2,799 euros'] },
  { id: 'ebike-warranty', text: EBIKE, question: 'How long is the warranty on the motor?', answers: ['two-year', 'two years'] },
  { id: 'ebike-frame', text: EBIKE, question: 'What is the frame made of?', answers: ['aluminium'], sentence: true },
  { id: 'ebike-released', text: EBIKE, question: 'When was the Aurora X2 released?', answers: null },

  { id: 'returns-refund-time', text: RETURNS, question: 'How long do refunds take?', answers: ['5 to 7 business days'] },
  { id: 'returns-window', text: RETURNS, question: 'How long do I have to return an item?', answers: ['30 days'] },
  { id: 'returns-fee', text: RETURNS, question: 'How much is the return fee for customers outside the EU?', answers: ['$6.95'] },
  { id: 'returns-free', text: RETURNS, question: 'Who can return items free of charge?', answers: ['EU'] },
  { id: 'returns-email', text: RETURNS, question: 'What email address should I contact for help?', answers: ['support@shopmate.com'], sentence: true },
  { id: 'returns-express', text: RETURNS, question: 'How much does express shipping cost?', answers: null },

  { id: 'olympics-winner', text: OLYMPICS, question: "Who won the women's 1500 metres at the Paris Olympics?", answers: ['Faith Kipyegon'] },
  { id: 'olympics-date', text: OLYMPICS, question: 'When was the final?', answers: ['10 August 2024'] },
  { id: 'olympics-crowd', text: OLYMPICS, question: 'How many spectators watched the final?', answers: ['69,000'] },
  { id: 'olympics-venue', text: OLYMPICS, question: 'Where was the final held?', answers: ['Stade de France'] },
  { id: 'olympics-silver', text: OLYMPICS, question: 'Who took silver?', answers: ['Jessica Hull'] },
  { id: 'olympics-age', text: OLYMPICS, question: 'How old is Faith Kipyegon?', answers: null },

  { id: 'everest-height', text: EVEREST, question: 'How tall is Mount Everest?', answers: ['8,849 metres'] },
  { id: 'everest-first-ascent', text: EVEREST, question: 'When did Hillary and Norgay reach the summit?', answers: ['29 May 1953'] },
  { id: 'everest-where', text: EVEREST, question: 'Where is Mount Everest?', answers: ['Nepal'] },
  { id: 'everest-expedition', text: EVEREST, question: 'How long does an Everest expedition usually take?', answers: ['two months'] },
  { id: 'everest-who', text: EVEREST, question: 'Who made the first confirmed ascent of Everest?', answers: ['Edmund Hillary'] },
  { id: 'everest-deaths', text: EVEREST, question: 'How many people have died on Everest?', answers: null },

  { id: 'launch-date', text: LAUNCH, question: 'When is the product launch?', answers: ['14 May'] },
  { id: 'launch-demo', text: LAUNCH, question: 'Who will present the demo?', answers: ['Priya'] },
  { id: 'launch-venue', text: LAUNCH, question: 'Where is the launch taking place?', answers: ['Riverside Hall', 'Manchester'] },
  { id: 'launch-capacity', text: LAUNCH, question: 'How many guests does the hall hold?', answers: ['250'] },
  { id: 'launch-catering', text: LAUNCH, question: 'How much is the catering budget?', answers: ['£4,500'] },
  { id: 'launch-social', text: LAUNCH, question: 'Who is handling social media?', answers: null },
];
