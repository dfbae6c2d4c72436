import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ApplicationFailure } from '@temporalio/activity';
import type { ModelProvider, CompletionRequest } from '../../../activities/providers';
import type { ProviderFailureDetails } from '../../../activities/providers';
import type { TokenUsage } from '../../../schema/events';
import { PROVIDERS, type ProviderName } from '../../../schema/models';
import { loadRecording, type ReceivedRequest, type ReplayServer, startReplayServer } from './replayServer';

export interface AdapterCase {
  readonly provider: ProviderName;
  readonly model: string;
  /** The adapter under test, its SDK pointed at `origin` (the loopback server). */
  readonly create: (origin: string, options: { timeoutMs: number }) => ModelProvider;
  readonly completion: { readonly text: string; readonly model: string; readonly usage: TokenUsage };
  readonly stream: { readonly text: string; readonly usage: TokenUsage; readonly model: string };
  /** The delay the 429 recording asks for, as the failure's nextRetryDelay. */
  readonly rateLimitRetryAfterMs?: number;
  /** SSE frames to send before stalling, in the abort test: enough for at least one text delta. */
  readonly framesBeforeFirstText: number;
  /** What the SDK put on the wire, checked against the provider's documented request format. */
  readonly checkRequest: (request: ReceivedRequest, kind: 'complete' | 'stream') => void;
}

export const REQUEST: CompletionRequest = {
  model: '',
  system: 'Answer in one word.',
  messages: [{ role: 'user', content: 'Sentiment of: The delivery was late and the box was crushed.' }],
  maxTokens: 64,
  temperature: 0,
};

/** The behaviour every adapter owes, against recordings of its provider's own wire format. */
export function adapterContract(c: AdapterCase): void {
  let server: ReplayServer;
  const request = { ...REQUEST, model: c.model };
  const adapter = (timeoutMs = 5_000) => c.create(server.origin, { timeoutMs });
  const info = PROVIDERS[c.provider];

  beforeAll(async () => {
    server = await startReplayServer();
  });
  afterAll(async () => {
    await server.close();
  });

  it('answers a completion with its text, the model that answered and the billed tokens', async () => {
    server.replay(loadRecording(c.provider, 'completion'));
    const completion = await adapter().complete(request);
    expect(completion).toEqual({ ...c.completion, finishReason: 'stop' });
    c.checkRequest(server.received.at(-1) as ReceivedRequest, 'complete');
  });

  it('streams the answer piece by piece and reports the tokens at the end', async () => {
    server.replay(loadRecording(c.provider, 'stream'));
    const deltas: string[] = [];
    const completion = await adapter().stream(request, (delta) => deltas.push(delta));
    expect(deltas.length).toBeGreaterThan(2);
    expect(deltas.join('')).toBe(c.stream.text);
    expect(completion).toEqual({ text: c.stream.text, model: c.stream.model, usage: c.stream.usage, finishReason: 'stop' });
    c.checkRequest(server.received.at(-1) as ReceivedRequest, 'stream');
  });

  it('turns a 429 rate limit into a retryable UpstreamFailure', async () => {
    server.replay(loadRecording(c.provider, 'rate-limit'));
    const failure = await failureOf(adapter().complete(request));
    expect(failure).toMatchObject({ type: 'UpstreamFailure', nonRetryable: false });
    expect(failure.message).toContain('429');
    expect(details(failure)).toMatchObject({ provider: c.provider, status: 429 });
    if (c.rateLimitRetryAfterMs !== undefined) expect(failure.nextRetryDelay).toBe(c.rateLimitRetryAfterMs);
  });

  it('turns a 500 into a retryable UpstreamFailure', async () => {
    server.replay(loadRecording(c.provider, 'server-error'));
    const failure = await failureOf(adapter().complete(request));
    expect(failure).toMatchObject({ type: 'UpstreamFailure', nonRetryable: false });
    expect(details(failure)).toMatchObject({ provider: c.provider, status: 500 });
  });

  it(`turns a refused key into a non-retryable ModelUnavailable whose hint names ${info.apiKeyEnv}`, async () => {
    server.replay(loadRecording(c.provider, 'auth-error'));
    const failure = await failureOf(adapter().complete(request));
    expect(failure).toMatchObject({ type: 'ModelUnavailable', nonRetryable: true });
    expect(details(failure).hint).toContain(info.apiKeyEnv);
  });

  it('turns a provider that does not answer in time into a retryable UpstreamFailure', async () => {
    server.replay(loadRecording(c.provider, 'completion'), { hang: true });
    const failure = await failureOf(adapter(300).complete(request));
    expect(failure).toMatchObject({ type: 'UpstreamFailure', nonRetryable: false });
    expect(failure.message).toContain('did not answer in time');
  });

  it('turns an unreachable provider into a retryable UpstreamFailure', async () => {
    const unreachable = await closedPortOrigin();
    const failure = await failureOf(c.create(unreachable, { timeoutMs: 5_000 }).complete(request));
    expect(failure).toMatchObject({ type: 'UpstreamFailure', nonRetryable: false });
    expect(failure.message).toContain('could not be reached');
  });

  it('stops reading and hangs up when the caller aborts mid-stream', async () => {
    server.replay(loadRecording(c.provider, 'stream'), { stallAfterFrames: c.framesBeforeFirstText });
    const controller = new AbortController();
    const outcome = await adapter()
      .stream(request, () => controller.abort(), controller.signal)
      .then(
        () => 'answered',
        (error: unknown) => error,
      );
    expect(controller.signal.aborted).toBe(true);
    expect(outcome).toBe(controller.signal.reason);
    await server.clientHungUp();
  });
}

export async function failureOf(promise: Promise<unknown>): Promise<ApplicationFailure> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApplicationFailure) return error;
    throw error;
  }
  throw new Error('expected an ApplicationFailure, got an answer');
}

export function details(failure: ApplicationFailure): ProviderFailureDetails {
  return failure.details?.[0] as ProviderFailureDetails;
}

/** An address where nothing listens: a port that was just free. */
async function closedPortOrigin(): Promise<string> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}
