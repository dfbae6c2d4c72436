import { randomUUID } from 'node:crypto';
import { SETTINGS } from '../../schema/config';
import { registry } from '../../schema/registry';
import { generateKey, type TestKey } from '../support/accounts';
import { modelEnv } from '../support/modelEnv';
import { type ScriptedModelServer, startScriptedModelServer } from '../support/scriptedModelServer';
import { startTestService, type TestService } from '../support/testService';
import { waitFor } from '../support/waitFor';

/** /status and /discover say which tools this deployment can serve and why not, and /status turns degraded when a configured provider fails. */
let model: ScriptedModelServer;
let service: TestService;
let key: TestKey;
beforeAll(async () => {
  model = await startScriptedModelServer();
  // OpenAI configured (the loopback model), the platform scrapers' token not.
  service = await startTestService({ env: { ...modelEnv(model.baseUrl), [SETTINGS.apifyToken.env]: '' } });
  key = await generateKey(service.baseUrl);
});
afterAll(async () => {
  await service.stop();
  await model.close();
});

// eslint-disable-next-line @typescript-eslint/no-explicit-any
const get = async (path: string): Promise<any> => (await fetch(`${service.baseUrl}${path}`)).json();
const needsApify = registry.filter((entry) => entry.requires?.includes('apifyToken')).map((entry) => entry.path);
type Listed = { path: string; available: boolean; unavailable?: { reason: string } };
const discovered = async (): Promise<Map<string, Listed>> =>
  new Map((Object.values((await get('/discover')).categories) as Listed[][]).flat().map((entry) => [entry.path, entry]));

describe('an honest status', () => {
  it('lists the tools a missing setting keeps from running, with the variable to set, and the configured providers', async () => {
    expect(needsApify.length).toBeGreaterThan(0);
    const status = await get('/status');
    expect(status.status).toBe('operational');
    expect(status.providers).toEqual([{ name: 'openai', state: 'ok' }]);
    const unavailable = new Map(status.tools.unavailable.map((tool: { path: string }) => [tool.path, tool]));
    expect([...unavailable.keys()].sort()).toEqual([...needsApify].sort());
    expect(unavailable.get('/scrape/maps')).toMatchObject({ reason: 'not_configured', settings: [SETTINGS.apifyToken.env] });
    expect(status.tools).toMatchObject({ total: registry.length, available: registry.length - needsApify.length });
    const listed = await discovered();
    expect(listed.get('/scrape/maps')).toMatchObject({ available: false, unavailable: { reason: 'not_configured' } });
    expect(listed.get('/chat')).toMatchObject({ available: true });
    expect(listed.get('/chat')).not.toHaveProperty('unavailable');
  });

  it('turns degraded when the configured provider fails, naming it, and marks the tools only it could serve', async () => {
    // No scripted answers: the loopback provider answers 500 until the worker's circuit on it opens.
    await waitFor(
      async () => {
        const response = await fetch(`${service.baseUrl}/chat`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'X-Request-Id': randomUUID(), ...key.auth },
          body: JSON.stringify({ message: 'Hello' }),
        });
        expect(response.status).toBeGreaterThanOrEqual(500);
        return (await get('/status')).status === 'degraded';
      },
      'the provider’s circuit to open',
      60_000,
    );
    const status = await get('/status');
    expect(status.components).toMatchObject({ database: 'ok', temporal: 'ok' });
    expect(status.providers).toEqual([expect.objectContaining({ name: 'openai', state: 'failing', failing_until: expect.any(String) })]);
    const unavailable = new Map(status.tools.unavailable.map((tool: { path: string }) => [tool.path, tool]));
    expect(unavailable.get('/chat')).toMatchObject({ reason: 'provider_failing', message: expect.stringContaining('openai') });
    // The offline provider still serves what it can.
    expect(unavailable.has('/sentiment')).toBe(false);
    expect((await discovered()).get('/chat')).toMatchObject({ available: false, unavailable: { reason: 'provider_failing' } });
  });
});
