import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { ensureCertificates, type TemporalCertificates } from '../../scripts/services/certificates';
import { generateKey } from '../support/accounts';
import { type ApiProcess, spawnApi } from '../support/apiProcess';
import { json } from '../support/json';
import { type TemporalGateway, startTemporalGateway } from '../support/temporalGateway';
import { createTestDatabase, type TestDatabase } from '../support/testDatabase';
import { testConfig } from '../support/testService';
import { killed, spawnWorker } from '../support/workerProcess';
import type { Config } from '../../schema/config';
import { temporalSettings } from '../../schema/settings/temporalSettings';

// The service reaching Temporal as a secured cluster or Temporal Cloud is reached: over TLS, with a client certificate
// (mTLS) and an API key, configured by Temporal's own variables. The gateway in front of the dev server terminates TLS
// as such a server does, wants the client certificate and refuses any other key with UNAUTHENTICATED; what it saw is
// the proof that the certificate and the key reached the server's side. A misconfiguration stops the start at once,
// naming the setting.
const KEY = `tck_${randomUUID()}`;
let dir: string;
let certificates: TemporalCertificates;
let otherCa: TemporalCertificates;
let gateway: TemporalGateway;
let database: TestDatabase;
let config: Config;
beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'temporal-tls-'));
  certificates = ensureCertificates(path.join(dir, 'pki'), () => undefined);
  otherCa = ensureCertificates(path.join(dir, 'other'), () => undefined);
  // On the production server (npm run test:production) the gateway reaches its frontend over mTLS in turn.
  const env = process.env;
  const upstreamTls = env.TEMPORAL_TLS_SERVER_CA_CERT_PATH
    ? {
        ca: env.TEMPORAL_TLS_SERVER_CA_CERT_PATH,
        serverName: env.TEMPORAL_TLS_SERVER_NAME!,
        cert: env.TEMPORAL_TLS_CLIENT_CERT_PATH!,
        key: env.TEMPORAL_TLS_CLIENT_KEY_PATH!,
      }
    : undefined;
  gateway = await startTemporalGateway({
    upstream: env.TEST_TEMPORAL_ADDRESS ?? '127.0.0.1:7233',
    ...(upstreamTls ? { upstreamTls } : {}),
    certificates,
    mtls: true,
    apiKey: KEY,
  });
  database = await createTestDatabase();
  config = testConfig(database.url);
}, 60_000);
afterAll(async () => {
  await gateway?.close();
  await database?.drop();
  rmSync(dir, { recursive: true, force: true });
});

/** Temporal's own variables for the gateway: address, CA, server name, client certificate and key, API key. */
const secured = (): Record<string, string> => ({
  TEMPORAL_ADDRESS: gateway.address,
  TEMPORAL_TLS_SERVER_CA_CERT_PATH: certificates.ca.cert,
  TEMPORAL_TLS_SERVER_NAME: certificates.serverName,
  TEMPORAL_TLS_CLIENT_CERT_PATH: certificates.client.cert,
  TEMPORAL_TLS_CLIENT_KEY_PATH: certificates.client.key,
  TEMPORAL_API_KEY: KEY,
});

/** An API process started with these variables that must refuse to start: its exit code and what it said. */
function failedStart(env: Record<string, string | undefined>): Promise<{ code: number | null; said: string }> {
  const root = path.resolve(__dirname, '..', '..');
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'api', 'server.ts')], {
    cwd: root,
    env: {
      ...Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('TEMPORAL_'))),
      APP_ENV: 'test',
      LOG_LEVEL: 'warn',
      PORT: '0',
      DATABASE_URL: database.url,
      TEMPORAL_TASK_QUEUE: config.taskQueue,
      EMBEDDED_WORKER: 'false',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let said = '';
  child.stdout!.on('data', (chunk: Buffer) => (said += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (said += chunk.toString()));
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, said })));
}

describe('Temporal over TLS with a client certificate and an API key', () => {
  let api: ApiProcess | undefined;
  let worker: ReturnType<typeof spawnWorker> | undefined;
  afterAll(async () => {
    if (api) await killed(api.child);
    if (worker) await killed(worker);
  });

  it('serves a paid call through it: the API and a standalone worker both reach Temporal with the certificate and the key', async () => {
    const seen = gateway.keysSeen.length;
    worker = spawnWorker(config, database.url, secured());
    api = await spawnApi(config, database.url, secured());
    const key = await generateKey(api.baseUrl);
    const response = await fetch(`${api.baseUrl}/sentiment`, {
      method: 'POST',
      headers: { ...key.auth, 'Content-Type': 'application/json' },
      body: JSON.stringify({ text: 'Secured end to end.' }),
    });
    expect(response.status).toBe(200);
    expect((await json(response))._meta).toMatchObject({ endpoint: '/sentiment', payment: 'key', cost_usd: 0.005 });
    // Every call the gateway let through carried the key and came in a session with our client certificate.
    const calls = gateway.keysSeen.slice(seen);
    expect(calls.length).toBeGreaterThan(3);
    expect(new Set(calls)).toEqual(new Set([KEY]));
    expect(new Set(gateway.clientCertificates)).toEqual(new Set(['toolgate']));
  }, 120_000);

  it('reads the same settings from a Temporal TOML profile (TEMPORAL_CONFIG_FILE, TEMPORAL_PROFILE)', async () => {
    const file = path.join(dir, 'temporal.toml');
    writeFileSync(
      file,
      [
        '[profile.secured]',
        `address = "${gateway.address}"`,
        'namespace = "default"',
        `api_key = "${KEY}"`,
        '[profile.secured.tls]',
        `server_name = "${certificates.serverName}"`,
        `server_ca_cert_path = "${certificates.ca.cert}"`,
        `client_cert_path = "${certificates.client.cert}"`,
        `client_key_path = "${certificates.client.key}"`,
        '',
      ].join('\n'),
    );
    // Nothing of Temporal's from the environment (this run's own server's TLS settings, on test:production): the profile alone.
    const unset = Object.fromEntries(
      Object.values(temporalSettings)
        .map((setting) => setting.env)
        .filter((name) => name === 'TEMPORAL_ADDRESS' || name === 'TEMPORAL_NAMESPACE' || name.startsWith('TEMPORAL_TLS') || name === 'TEMPORAL_API_KEY')
        .map((name) => [name, '']),
    );
    const profiled = await spawnApi(config, database.url, {
      ...unset,
      TEMPORAL_TASK_QUEUE: config.taskQueue,
      TEMPORAL_CONNECT_TIMEOUT_SECONDS: '15',
      TEMPORAL_CONFIG_FILE: file,
      TEMPORAL_PROFILE: 'secured',
    });
    try {
      expect((await fetch(`${profiled.baseUrl}/health`)).status).toBe(200);
    } finally {
      await killed(profiled.child);
    }
  }, 120_000);
});

describe('a misconfigured connection stops the start at once, naming the setting', () => {
  it.each<[string, () => Record<string, string | undefined>, RegExp]>([
    [
      'no client certificate',
      () => ({ ...secured(), TEMPORAL_TLS_CLIENT_CERT_PATH: undefined, TEMPORAL_TLS_CLIENT_KEY_PATH: undefined }),
      /TEMPORAL_TLS_CLIENT_CERT_PATH: .*wants a client certificate/,
    ],
    [
      'a client certificate of another CA',
      () => ({ ...secured(), TEMPORAL_TLS_CLIENT_CERT_PATH: otherCa.client.cert, TEMPORAL_TLS_CLIENT_KEY_PATH: otherCa.client.key }),
      /TEMPORAL_TLS_CLIENT_CERT_PATH: .*refused this client certificate/,
    ],
    [
      'the wrong CA',
      () => ({ ...secured(), TEMPORAL_TLS_SERVER_CA_CERT_PATH: otherCa.ca.cert }),
      /TEMPORAL_TLS_SERVER_CA_CERT_PATH: .*not signed by the CA given/,
    ],
    [
      'a missing key file',
      () => ({ ...secured(), TEMPORAL_TLS_CLIENT_KEY_PATH: path.join(dir, 'absent.key') }),
      /TEMPORAL_TLS_CLIENT_KEY_PATH: cannot read .*absent\.key/,
    ],
    ['a refused API key', () => ({ ...secured(), TEMPORAL_API_KEY: 'tck_not-the-key' }), /TEMPORAL_API_KEY: .*refused the API key/],
    [
      'an unknown namespace',
      () => ({ ...secured(), TEMPORAL_NAMESPACE: 'no-such-namespace' }),
      /TEMPORAL_NAMESPACE: there is no namespace "no-such-namespace"/,
    ],
    ['plaintext to a TLS server', () => ({ TEMPORAL_ADDRESS: gateway.address }), /TEMPORAL_TLS: .*speaks TLS/],
  ])(
    '%s',
    async (_case, env, named) => {
      const refusedKeys = gateway.keysSeen.filter((key) => key === 'tck_not-the-key').length;
      const { code, said } = await failedStart(env());
      expect(code).toBe(1);
      expect(said).toMatch(new RegExp(`the API cannot start: ${named.source}`));
      // The refused key reached the server's side, which answered UNAUTHENTICATED.
      if (_case === 'a refused API key') expect(gateway.keysSeen.filter((key) => key === 'tck_not-the-key').length).toBeGreaterThan(refusedKeys);
    },
    60_000,
  );
});
