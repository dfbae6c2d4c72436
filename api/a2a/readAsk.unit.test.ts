import { paymentIn, readAsk, storableMessage } from './readAsk';

const service = { kind: 'service' } as const;
const docs = 'http://api.test/docs';
const message = (parts: unknown[], metadata?: Record<string, unknown>) => ({ messageId: 'm1', role: 'ROLE_USER', parts, ...(metadata ? { metadata } : {}) });

describe('reading an A2A message as a tool call', () => {
  it('takes the skill from metadata.skill and puts the text in its text field, checked as its route checks it', () => {
    const ask = readAsk(service, message([{ text: 'One. Two.' }], { skill: 'summarize' }), undefined, docs);
    expect(ask.entry.name).toBe('summarize');
    expect(ask.input).toEqual({ text: 'One. Two.', format: 'bullets' });
  });

  it('takes the skill and input from a data part, the text filling only what the data left out; a path or MCP name works too', () => {
    const ask = readAsk(
      service,
      message([{ text: 'ignored for text' }, { data: { skill: '/summarize', input: { text: 'Given.', format: 'short' } } }]),
      undefined,
      docs,
    );
    expect(ask.input).toMatchObject({ text: 'Given.', format: 'short' });
    expect(readAsk(service, message([{ data: { skill: 'code_run', code: 'print(1)' } }]), undefined, docs).entry.name).toBe('code/run');
    expect(readAsk(service, message([{ text: 'x' }]), { skill: 'sentiment' }, docs).entry.name).toBe('sentiment');
  });

  it('runs the agent loop on a message that names no skill, its text the task', () => {
    const ask = readAsk(service, message([{ text: 'What changed today?' }]), undefined, docs);
    expect(ask.entry.name).toBe('agent');
    expect(ask.input).toMatchObject({ task: 'What changed today?' });
  });

  it("runs a custom agent's own endpoint as that agent's run, whatever agent the message names", () => {
    const ask = readAsk({ kind: 'agent', agentId: 'cag_1' }, message([{ text: 'Digest.' }, { data: { agent_id: 'cag_other' } }]), undefined, docs);
    expect(ask.entry.name).toBe('agents/custom/run');
    expect(ask.input).toEqual({ agent_id: 'cag_1', task: 'Digest.' });
    expect(() => readAsk({ kind: 'agent', agentId: 'cag_1' }, message([{ text: 'x' }], { skill: 'summarize' }), undefined, docs)).toThrow(
      /one skill is agents\/custom\/run/,
    );
  });

  it('refuses, saying what to send: an unknown skill (with the nearest), no parts, file parts, text for a skill without a text field, a bad input', () => {
    const refused = (parts: unknown[], metadata?: Record<string, unknown>) => () => readAsk(service, message(parts, metadata), undefined, docs);
    expect(refused([{ text: 'x' }], { skill: 'sumarize' })).toThrow('unknown skill "sumarize" (did you mean "summarize"?)');
    expect(refused([{ text: 'x' }], { skill: 'openapi.json' })).toThrow(/unknown skill/);
    expect(refused([])).toThrow(/no parts/);
    expect(refused([{ url: 'https://example.com/a.pdf' }])).toThrow(/file parts are not read/);
    expect(refused([{ text: 'a' }], { skill: 'compare' })).toThrow(/skill compare takes no text/);
    expect(refused([{ data: { skill: 'summarize', input: { text: 'x', format: 'haiku' } } }])).toThrow(/^message: /);
  });

  it('finds an x402 payment in the metadata, and keeps the message without it', () => {
    const paying = message([{ text: 'Here.' }], { 'x402.payment.status': 'payment-submitted', 'x402.payment.payload': { x402Version: 2 } });
    expect(paymentIn(paying)).toEqual({ x402Version: 2 });
    expect(storableMessage(paying)).toEqual(message([{ text: 'Here.' }], { 'x402.payment.status': 'payment-submitted' }));
  });
});
