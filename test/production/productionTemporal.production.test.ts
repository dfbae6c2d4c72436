import path from 'node:path';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { connectTemporal } from '../../core/temporal/connectTemporal';
import { temporalTarget } from '../../core/temporal/temporalTarget';
import { TemporalSettingError } from '../../core/temporal/temporalSettingError';
import { ensureCertificates } from '../../scripts/services/certificates';
import { withDatabase } from '../../scripts/services/databaseUrl';
import { generateKey } from '../support/accounts';
import { keyCallId } from '../support/callIds';
import { json } from '../support/json';
import { startTestService, testConfig, type TestService } from '../support/testService';

// Run by `npm run test:production` against the Temporal server built from go.temporal.io/server: PostgreSQL
// persistence and SQL visibility, 4 history shards, mTLS on its frontend (test/support/globalSetup.ts starts it).
let service: TestService;
let dir: string;
beforeAll(async () => {
  service = await startTestService();
  dir = mkdtempSync(path.join(os.tmpdir(), 'production-temporal-'));
}, 120_000);
afterAll(async () => {
  await service?.stop();
  rmSync(dir, { recursive: true, force: true });
});

const target = () => temporalTarget(testConfig('postgres://unused'));
const temporalDatabase = () => new pg.Client({ connectionString: withDatabase(process.env.TEST_PG_ADMIN_URL!, 'temporal') });

describe('the production Temporal server', () => {
  it('is reached over mTLS: the target the tests use has a client certificate and the server’s own CA', () => {
    expect(target().security).toBe('mTLS');
    expect(target().connection.address).toBe(process.env.TEST_TEMPORAL_ADDRESS);
  });

  it('refuses a client without a certificate, and the start says which setting is missing', async () => {
    const { connection, ...rest } = target();
    const tls = typeof connection.tls === 'object' ? connection.tls : {};
    const { clientCertPair: _pair, ...withoutCertificate } = tls;
    const refused = await connectTemporal({ ...rest, connection: { ...connection, tls: withoutCertificate } }, 10_000).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(TemporalSettingError);
    expect((refused as Error).message).toMatch(/^TEMPORAL_TLS_CLIENT_CERT_PATH: the server at .* wants a client certificate/);
  });

  it('gives a client that trusts another CA a clear start-up error naming the CA setting', async () => {
    const other = ensureCertificates(path.join(dir, 'other'), () => undefined);
    const { connection, ...rest } = target();
    const tls = typeof connection.tls === 'object' ? connection.tls : {};
    const wrongCa = { ...tls, serverRootCACertificate: await import('node:fs').then((fs) => fs.readFileSync(other.ca.cert)) };
    const refused = await connectTemporal({ ...rest, connection: { ...connection, tls: wrongCa } }, 10_000).catch((e: unknown) => e);
    expect((refused as Error).message).toMatch(/^TEMPORAL_TLS_SERVER_CA_CERT_PATH: the certificate of the server .* is not signed by the CA given/);
  });

  it('keeps a paid call’s workflow in PostgreSQL, across its 4 history shards, and finds it through SQL visibility', async () => {
    const key = await generateKey(service.baseUrl);
    const requestId = randomUUID();
    const response = await fetch(`${service.baseUrl}/keywords`, {
      method: 'POST',
      headers: { ...key.auth, 'Content-Type': 'application/json', 'X-Request-Id': requestId },
      body: JSON.stringify({ text: 'Durable workflows keep payment retries safe.' }),
    });
    expect(response.status).toBe(200);
    expect((await json(response))._meta.cost_usd).toBeGreaterThan(0);
    const workflowId = `call-${keyCallId(key.keyId, requestId)}`;
    const db = temporalDatabase();
    await db.connect();
    try {
      const shards = await db.query<{ n: string }>('select count(*) as n from shards');
      expect(Number(shards.rows[0]!.n)).toBe(4);
      const executions = await db.query('select 1 from current_executions where workflow_id = $1', [workflowId]);
      expect(executions.rowCount).toBe(1);
    } finally {
      await db.end();
    }
    const described = await service.client.workflow.getHandle(workflowId).describe();
    expect(described.status.name).toBe('COMPLETED');
  });
});
