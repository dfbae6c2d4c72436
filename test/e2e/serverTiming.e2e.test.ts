import { randomUUID } from 'node:crypto';
import { generateKey, type TestKey } from '../support/accounts';
import { modelEnv } from '../support/modelEnv';
import { type ScriptedModelServer, startScriptedModelServer } from '../support/scriptedModelServer';
import { startTestService, type TestService } from '../support/testService';

let model: ScriptedModelServer;
let service: TestService;
let key: TestKey;
beforeAll(async () => {
  model = await startScriptedModelServer();
  service = await startTestService({ env: modelEnv(model.baseUrl) });
  key = await generateKey(service.baseUrl);
});
afterAll(async () => {
  await service.stop();
  await model.close();
});

const post = (path: string, body: unknown) =>
  fetch(`${service.baseUrl}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Request-Id': randomUUID(), ...key.auth },
    body: JSON.stringify(body),
  });

/** Server-Timing's metrics by name, with their durations in ms. */
function timings(response: Response): Record<string, number> {
  const header = response.headers.get('server-timing') ?? '';
  return Object.fromEntries(
    header
      .split(',')
      .filter((part) => part.trim())
      .map((part) => {
        const [name, ...params] = part.trim().split(';');
        const dur = params.find((p) => p.startsWith('dur='));
        return [name!, Number(dur?.slice(4))];
      }),
  );
}

describe('Server-Timing', () => {
  it("tells a model call's provider time (measured by the worker) from the service's own", async () => {
    model.answer({ text: 'Hello there!', delayMs: 400 });
    const started = performance.now();
    const response = await post('/chat', { message: 'Hello' });
    const elapsed = performance.now() - started;
    expect(response.status).toBe(200);
    const { app, upstream, total } = timings(response);
    // The provider took 400 ms: that is upstream's, and what is left of the total is ours.
    expect(upstream).toBeGreaterThanOrEqual(400);
    expect(upstream).toBeLessThan(elapsed);
    expect(total).toBeGreaterThanOrEqual(upstream!);
    expect(total).toBeLessThanOrEqual(elapsed);
    expect(app).toBeCloseTo(total! - upstream!, 0);
  });

  it('gives a call its upstream failed the upstream part too: the time it waited before the provider refused', async () => {
    // The provider refuses the request after 300 ms: the call fails (nothing charged), and its answer says where the time went.
    model.answer({ status: 400, text: 'the provider refuses this request', delayMs: 300 });
    const response = await post('/chat', { message: 'Hello' });
    expect(response.status).toBeGreaterThanOrEqual(400);
    const { app, upstream, total } = timings(response);
    expect(upstream).toBeGreaterThanOrEqual(300);
    expect(total).toBeGreaterThanOrEqual(upstream!);
    expect(app).toBeCloseTo(total! - upstream!, 0);
  });

  it('gives an offline call and a refusal the service time alone', async () => {
    const offline = await post('/sentiment', { text: 'I love it', model: 'local' });
    expect(offline.status).toBe(200);
    expect(Object.keys(timings(offline))).toEqual(['app', 'total']);
    const refused = await fetch(`${service.baseUrl}/sentiment`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{' });
    expect(refused.status).toBe(400);
    expect(timings(refused).app).toBeGreaterThan(0);
  });
});
