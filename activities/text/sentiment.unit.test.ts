import { analyzeSentiment } from './sentiment';
import { contrastClausesOf } from './contrastClauses';

describe('sentiment (lexicons read clause by clause)', () => {
  it('calls praise and complaint joined by "but" mixed instead of letting them cancel out', () => {
    const r = analyzeSentiment('Camera is fantastic in low light, but battery life is honestly terrible; I’m charging it twice a day.');
    expect(r.polarity).toBe('mixed');
  });

  it('hears a contrast across sentences: a trailing "though" answers the sentence before', () => {
    const r = analyzeSentiment(
      'The staff are warm and our daughter loves going there. Communication with parents is poor, though; we only hear about changes at the last minute.',
    );
    expect(r.polarity).toBe('mixed');
  });

  it('negates a feeling further from its negation than VADER looks ("nobody … seems to care")', () => {
    expect(analyzeSentiment('Nobody in leadership seems to care.').polarity).toBe('negative');
  });

  it('hears a complaint in an event that did not happen ("support never answered"), not in an instruction', () => {
    expect(analyzeSentiment('The box was crushed. Support never answered.').polarity).toBe('negative');
    expect(analyzeSentiment('Late again, nobody called back.').polarity).toBe('negative');
    expect(analyzeSentiment('Do not take more than six tablets in 24 hours.').polarity).toBe('neutral');
  });

  it('reads negations written with a curly apostrophe ("didn’t disappoint")', () => {
    expect(analyzeSentiment('The sequel didn’t disappoint.').polarity).toBe('positive');
  });

  it('flips a negated word: "not worth the money" is negative, "not bad at all" positive', () => {
    expect(analyzeSentiment('It is not worth the money.').polarity).toBe('negative');
    expect(analyzeSentiment('Honestly not bad at all for the price.').polarity).toBe('positive');
  });

  it('is not sure of a complaint its lexicons cannot read (the issue’s cold food: neutral at confidence 1 before)', () => {
    const r = analyzeSentiment('I waited 40 minutes for my food and it arrived cold, though the waiter was genuinely apologetic and took it off the bill.');
    expect(r.confidence).toBeLessThan(0.7);
  });

  it('infers an opposed point from the marker alone, and says so with low confidence', () => {
    const r = analyzeSentiment('Great location, but the room faced the street.');
    expect(r.polarity).toBe('mixed');
    expect(r.confidence).toBeLessThan(0.7);
  });

  it('gives a notice with no feeling words neutral, without certainty', () => {
    const r = analyzeSentiment('The 7:42 service to Leeds will depart from platform 9 instead of platform 6.');
    expect(r.polarity).toBe('neutral');
    expect(r.confidence).toBeLessThan(0.7);
  });

  it('reads release notes as facts, though their verbs carry a little lexicon feeling ("adds", "raises", "drops")', () => {
    const notes = analyzeSentiment('Release 4.1 adds dark mode, raises the upload limit to 2 GB and drops support for Internet Explorer.');
    expect(notes.polarity).toBe('neutral');
    expect(notes.confidence).toBeLessThan(0.7);
    // Strong feeling stays felt without an adjective or an "I": "Terrible service." is a complaint.
    expect(analyzeSentiment('Terrible service.').polarity).toBe('negative');
  });

  it('is sure of plain, strong praise and names its method', () => {
    const r = analyzeSentiment('Friendly trainers, spotless changing rooms and the classes are genuinely fun. Best decision I made this year.');
    expect(r).toMatchObject({ polarity: 'positive', method: 'lexicon-clauses' });
    expect(r.confidence).toBeGreaterThanOrEqual(0.7);
  });
});

describe('contrastClausesOf', () => {
  it('stresses the side after "but" and concedes the side a "though" opens', () => {
    expect(contrastClausesOf('Great food, but the service was slow.')).toEqual([
      { text: 'Great food', side: 'before' },
      { text: 'the service was slow.', side: 'after' },
    ]);
    expect(contrastClausesOf('The food was cold, though the waiter was kind.')).toEqual([
      { text: 'The food was cold', side: 'after' },
      { text: 'the waiter was kind.', side: 'before' },
    ]);
    expect(contrastClausesOf('Although the price is high, it lasts for years.')).toEqual([
      { text: 'the price is high', side: 'before' },
      { text: ' it lasts for years.', side: 'after' },
    ]);
  });
});
