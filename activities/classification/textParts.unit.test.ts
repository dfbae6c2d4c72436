import { textParts } from './textParts';

describe('textParts: the sentences and clauses of a text that can each be about something', () => {
  it('splits a sentence where it turns to a second matter', () => {
    expect(textParts('My card payment failed because the page froze after I entered the code.')).toEqual([
      'My card payment failed',
      'because the page froze',
      'after I entered the code',
    ]);
    expect(textParts('Where is my order? It was supposed to be delivered yesterday.')).toEqual([
      'Where is my order',
      'It was supposed to be delivered yesterday',
    ]);
  });

  it('keeps no part too short to place on its own, and has none for a text of one part', () => {
    expect(textParts('Cast iron skillet, 26 cm.')).toEqual([]);
    expect(textParts('I was charged twice for my subscription this month.')).toEqual([]);
  });
});
