import { isFragment } from './coordinatedPhrases';
import { answerQuestion } from './qa';
import { typedPhrasesIn } from './typedPhrases';

const phrases = (text: string) => typedPhrasesIn(text).map((p) => [p.kind, p.text]);
const ask = (question: string, text: string) => answerQuestion({ question, text });

describe('coordinated phrases: a list, an alternative or a range of one kind is one phrase', () => {
  it('joins days in a list with the part of the day they name, and months in a range', () => {
    expect(phrases('Pilates runs on Monday, Wednesday and Friday mornings.')).toContainEqual(['date', 'on Monday, Wednesday and Friday mornings']);
    expect(phrases('The campsite is open from May to September.')).toContainEqual(['date', 'from May to September']);
    expect(phrases('Yoga runs on Tuesday and the last Sunday of each month.')).toContainEqual(['date', 'on Tuesday and the last Sunday']);
  });

  it('reads a range of hours, with or without a.m./p.m. on its first end, as a time with its "between"', () => {
    expect(phrases('Emergency slots are kept free between 9 and 11 a.m.')).toContainEqual(['time', 'between 9 and 11 a.m']);
    expect(phrases('The helpline answers calls between 9 and 5 on weekdays.')).toContainEqual(['time', 'between 9 and 5']);
    // Two numbers with a noun after them count something: no time of day.
    expect(phrases('Groups of between 10 and 20 employees may book.')).toContainEqual(['count', '10 and 20 employees']);
  });

  it('joins people, and keeps counts of different things apart', () => {
    expect(phrases('The report was written by Ana Lima and Tom Berg.')).toContainEqual(['person', 'Ana Lima and Tom Berg']);
    expect(phrases('It is made up of roughly 2,900 individual reefs and 900 islands.')).toEqual([
      ['count', 'roughly 2,900 individual reefs'],
      ['count', '900 islands'],
    ]);
  });

  it('keeps what makes a duration a lead time or a notice', () => {
    expect(phrases('Tickets must be bought at least 48 hours before departure.')).toContainEqual(['duration', 'at least 48 hours before']);
    expect(phrases('Rooms can be reserved up to two weeks in advance.')).toContainEqual(['duration', 'up to two weeks in advance']);
    expect(phrases('Tenants must give two months of notice.')).toContainEqual(['duration', 'two months of notice']);
  });
});

describe('the reader answers with the whole coordinated phrase (the held-out "on Tuesday" for "on Tuesday and Thursday evenings")', () => {
  it('answers "when" with every day of a list, sure of it', async () => {
    const r = await ask('When does Pilates run?', 'Pilates runs on Monday, Wednesday and Friday mornings in the main hall.');
    expect(r.answer).toBe('on Monday, Wednesday and Friday mornings');
    expect(r.confidence).toBeGreaterThanOrEqual(0.7);
  });

  it('answers "who" with both people', async () => {
    expect((await ask('Who wrote the report?', 'The report was written by Ana Lima and Tom Berg.')).answer).toBe('Ana Lima and Tom Berg');
  });

  it('answers "which months" with the months, not the weekday the sentence also names', async () => {
    const r = await ask('In which months does the book club meet?', 'The book club meets on the first Monday of every month from September to June.');
    expect(r.answer).toBe('from September to June');
  });

  it('reads lead times and notices as durations: "how far in advance", "how much notice", "how soon", "how early"', async () => {
    expect(await ask('How far in advance must tickets be bought?', 'Tickets must be bought at least 48 hours before departure.')).toMatchObject({
      answer: 'at least 48 hours before',
      answer_type: 'duration',
    });
    expect(await ask('How much notice must tenants give?', 'Tenants must give two months of notice before moving out.')).toMatchObject({
      answer: 'two months of notice',
      answer_type: 'duration',
    });
    expect((await ask('How soon must a claim be filed?', 'Claims must be filed within 30 days of the loss.')).answer).toBe('within 30 days');
    expect((await ask('How early should new patients arrive?', 'New patients should arrive 15 minutes early to fill in a form.')).answer).toBe(
      '15 minutes early',
    );
    // "How early does it open?" asks a time of day, not a lead time.
    expect((await ask('How early does the pool open?', 'The pool opens at 6 a.m. on weekdays.')).answer_type).toBe('time');
  });

  it('reads "how much is a …" as a price', async () => {
    expect(await ask('How much is a monthly pass?', 'A monthly pass is 40 dollars, and the gym has 12 lanes.')).toMatchObject({
      answer: '40 dollars',
      answer_type: 'money',
    });
  });
});

describe('a fragment of a coordinated phrase is never a sure answer', () => {
  it('knows a phrase with another of its kind across "and", "to" or a comma', () => {
    const text = 'The rocket was built by Boeing, North American Aviation and Douglas.';
    const start = text.indexOf('Boeing');
    expect(isFragment(text, { start, end: text.indexOf(' and Douglas') })).toBe(true);
    const hall = 'Open on Tuesday and the last Sunday of each month.';
    expect(isFragment(hall, { start: hall.indexOf('on Tuesday'), end: hall.indexOf(' and') })).toBe(true);
    const range = 'Calls are answered between 9 and 11 a.m.';
    expect(isFragment(range, { start: range.indexOf('11'), end: range.length - 1 })).toBe(true);
  });

  it('does not take a clause for a list: "within 60 days and get a refund", a sentence that ends', () => {
    const text = 'Return it within 60 days and get a full refund. The store is in Reno.';
    expect(isFragment(text, { start: text.indexOf('within'), end: text.indexOf(' and get') })).toBe(false);
    expect(isFragment(text, { start: text.indexOf('Reno'), end: text.length - 1 })).toBe(false);
  });

  it('answers with the part it read, unsure, when the rest of the list is of a kind it did not join', async () => {
    const r = await ask('Who built the rocket?', 'The rocket was built by Boeing, North American Aviation and Douglas.');
    expect(r.answer).toContain('Boeing');
    expect(r.confidence).toBeLessThan(0.7);
  });
});
