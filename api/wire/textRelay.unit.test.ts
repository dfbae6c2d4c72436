import { TextRelay } from './textRelay';

describe('text relay', () => {
  it('passes pieces on as they come when there are no stop sequences', () => {
    const relay = new TextRelay();
    expect([relay.push('Hel'), relay.push('lo'), relay.finish('Hello')]).toEqual(['Hel', 'lo', '']);
  });

  it('holds back a tail that may begin a stop sequence, and sends nothing from the sequence on', () => {
    const relay = new TextRelay(['\nEND']);
    expect(relay.push('Step one.\nE')).toBe('Step one.');
    expect(relay.push('ND and more')).toBe('');
    expect(relay.push(' text')).toBe('');
    expect(relay.finish('Step one.')).toBe('');
  });

  it('releases a held-back tail once it cannot begin a stop sequence', () => {
    const relay = new TextRelay(['STOP']);
    expect(relay.push('GO ST')).toBe('GO ');
    expect(relay.push('ART')).toBe('START');
  });

  it('skips what a retried attempt repeats, sending only what goes beyond it', () => {
    const relay = new TextRelay();
    expect(relay.push('The answer ')).toBe('The answer ');
    relay.reset();
    expect(relay.push('The ans')).toBe('');
    expect(relay.push('wer is 42.')).toBe('is 42.');
  });

  it('fills in from the final text what lost pieces left out', () => {
    const relay = new TextRelay();
    relay.push('Event sourcing ');
    expect(relay.finish('Event sourcing records every change.')).toBe('records every change.');
  });

  it('sends nothing more when a retried attempt says something else than what was sent', () => {
    const relay = new TextRelay();
    relay.push('Yes, ');
    relay.reset();
    expect(relay.push('No, never.')).toBe('');
    expect(relay.finish('No, never.')).toBe('');
  });
});
