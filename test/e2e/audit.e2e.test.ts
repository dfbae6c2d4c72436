import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { sql } from 'kysely';
import { logSigner } from '../../core/audit/logKey';
import { verifyConsistency } from '../../core/audit/merkle';
import { reconcile } from '../../core/audit/reconcile';
import { verifyStatement } from '../../core/audit/verifyStatement';
import { event } from '../../schema/events';
import { generateKey } from '../support/accounts';
import { json } from '../support/json';
import { launchChromium } from '../support/browser';
import { startTestService, type TestService } from '../support/testService';

const run = promisify(execFile);
let service: TestService;
beforeAll(async () => {
  service = await startTestService();
});
afterAll(() => service.stop());

const dir = mkdtempSync(path.join(tmpdir(), 'toolgate-audit-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
/** `npm run verify -- <file> --key <key>`, as a customer runs it: its exit code and what it printed. */
async function verifyFile(statement: unknown, key: string): Promise<{ code: number; out: string }> {
  const file = path.join(dir, `statement-${Math.random().toString(36).slice(2)}.json`);
  writeFileSync(file, JSON.stringify(statement));
  try {
    const { stdout } = await run('npx', ['tsx', 'scripts/verify.ts', file, '--key', key], { cwd: path.resolve(__dirname, '../..') });
    return { code: 0, out: stdout };
  } catch (error) {
    const failed = error as { code: number; stdout: string };
    return { code: failed.code, out: failed.stdout };
  }
}

/** What /openapi.json says a 200 of the operation holds, against what it held (as test/e2e/openApiConformance.e2e.test.ts does). */
async function conformance(method: string, path: string, body: unknown): Promise<string[]> {
  const id = 'https://toolgate.test/openapi.json';
  const ajv = addFormats(new Ajv2020({ strict: false, allErrors: true }));
  ajv.addSchema({ ...(await json(fetch(`${service.baseUrl}/openapi.json`))), $id: id });
  const pointer = ['paths', path, method, 'responses', '200', 'content', 'application/json', 'schema'].map((p) => p.replace(/~/g, '~0').replace(/\//g, '~1'));
  const validate = ajv.getSchema(`${id}#/${pointer.join('/')}`);
  if (!validate) return [`${method} ${path}: no 200 in the document`];
  return validate(body) ? [] : (validate.errors ?? []).map((e) => `${method} ${path}${e.instancePath} ${e.message}`);
}

const reconcileNow = () =>
  reconcile(service.database.db, {
    since: new Date(Date.now() - 3_600_000),
    now: new Date(),
    publicKey: logSigner(service.config.logSigningKey).publicKey,
    temporal: { client: service.client, taskQueue: service.config.taskQueue },
    chain: null,
  });

describe('audits anyone can prove', () => {
  let statement: Record<string, unknown> & { events: { type: string; data: Record<string, unknown> }[] };
  let publicKey: string;

  it('serves the log key, and an account a statement that verifies offline; one amount changed, it does not', async () => {
    const { auth } = await generateKey(service.baseUrl, 'audited');
    const paid = await fetch(`${service.baseUrl}/sentiment`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...auth },
      body: JSON.stringify({ text: 'A fine day.' }),
    });
    expect(paid.status).toBe(200);
    const key = await json(fetch(`${service.baseUrl}/.well-known/toolgate-log-key`));
    expect(key).toMatchObject({ algorithm: 'Ed25519', key_id: expect.stringMatching(/^[0-9a-f]{16}$/), public_key: expect.any(String) });
    publicKey = key.public_key as string;

    const response = await fetch(`${service.baseUrl}/audit/statement`, { headers: auth });
    expect(response.status).toBe(200);
    statement = (await response.json()) as typeof statement;
    expect(statement.events.map((e) => e.type)).toEqual(['AccountOpened', 'CreditGranted', 'ChargeReserved', 'ChargeSettled']);
    expect(await conformance('get', '/audit/statement', statement)).toEqual([]);
    expect(await conformance('get', '/.well-known/toolgate-log-key', key)).toEqual([]);
    const verified = await verifyFile(statement, publicKey);
    expect(verified).toMatchObject({ code: 0, out: expect.stringContaining('VERIFIED: 4 events') });

    const changed = JSON.parse(JSON.stringify(statement)) as typeof statement;
    changed.events[3]!.data.chargedMicros = 1;
    const refused = await verifyFile(changed, publicKey);
    expect(refused.code).toBe(1);
    expect(refused.out).toMatch(/event #4 \(position \d+, ChargeSettled\) is not in the signed log/);
  });

  it('lists checkpoints, each proven to extend the one before it', async () => {
    const operator = { 'X-Admin-Token': service.config.adminToken };
    await generateKey(service.baseUrl, 'more events');
    const issued = await fetch(`${service.baseUrl}/admin/audit/checkpoint`, { method: 'POST', headers: operator });
    expect(issued.status).toBe(200);
    expect(await conformance('post', '/admin/audit/checkpoint', await issued.json())).toEqual([]);
    const listed = await json(fetch(`${service.baseUrl}/audit/checkpoints`));
    expect(await conformance('get', '/audit/checkpoints', listed)).toEqual([]);
    const { checkpoints } = listed as unknown as {
      checkpoints: { tree_size: number; root_hash: string; consistency: { from_tree_size: number; proof: string[] } | null }[];
    };
    expect(checkpoints.length).toBeGreaterThanOrEqual(2);
    for (const [i, c] of checkpoints.entries()) {
      const older = checkpoints[i + 1];
      if (!older) break;
      expect(c.consistency?.from_tree_size).toBe(older.tree_size);
      const proof = c.consistency!.proof.map((h) => Buffer.from(h, 'hex'));
      expect(verifyConsistency(older.tree_size, c.tree_size, Buffer.from(older.root_hash, 'hex'), Buffer.from(c.root_hash, 'hex'), proof)).toBe(true);
    }
  });

  it('downloads the statement from the dashboard, and it verifies', async () => {
    const { key } = await generateKey(service.baseUrl, 'dashboard statement');
    const browser = await launchChromium();
    try {
      const page = await (await browser.newContext({ acceptDownloads: true })).newPage();
      await page.goto(`${service.baseUrl}/dashboard`);
      await page.getByLabel('API key').fill(key);
      await page.getByRole('button', { name: 'Show usage' }).click();
      await page.locator('body[data-ready="true"]').waitFor({ timeout: 30_000 });
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download statement' }).click()]);
      const file = path.join(dir, download.suggestedFilename());
      await download.saveAs(file);
      const downloaded = JSON.parse(readFileSync(file, 'utf8')) as { events: { type: string }[] };
      expect(downloaded.events.map((e) => e.type)).toEqual(['AccountOpened', 'CreditGranted']);
      expect(verifyStatement(downloaded, publicKey).problems).toEqual([]);
      await expect(page.locator('#statement-status').innerText()).resolves.toMatch(/^2 events, proven against checkpoint #\d+/);
    } finally {
      await browser.close();
    }
  });

  it('reconciles clean, then names a settled call whose workflow is missing and an edited event', async () => {
    const clean = await reconcileNow();
    expect(clean.discrepancies).toEqual([]);

    // A paid call on the ledger that no workflow ran: reserved, completed and settled by hand.
    const accountId = 'ghost-account';
    const callId = 'ghost-call';
    const payer = { kind: 'key' as const, id: accountId };
    await service.database.store.append(`account-${accountId}`, [
      event('AccountOpened', { accountId, kind: 'key' }),
      event('CreditGranted', { accountId, amountMicros: 1_000, reason: 'topup' }),
      event('ChargeReserved', { accountId, callId, tool: 'sentiment', amountMicros: 500, listPriceMicros: 500, discountPercent: 0, pricing: 'flat' }),
      event('ChargeSettled', { accountId, callId, reservedMicros: 500, chargedMicros: 500 }),
    ]);
    await service.database.store.append(`call-${callId}`, [
      event('ToolCallStarted', { callId, tool: 'sentiment', payer, priceMicros: 500, discountPercent: 0, pricing: 'flat', requestId: callId }),
      event('ToolCallCompleted', { callId, tool: 'sentiment', payer, model: 'local', tokens: { input: 0, output: 0 }, durationMs: 1, chargedMicros: 500 }),
    ]);
    const operator = { 'X-Admin-Token': service.config.adminToken };
    expect((await fetch(`${service.baseUrl}/admin/audit/checkpoint`, { method: 'POST', headers: operator })).status).toBe(200);
    // The owner lifts the trigger and makes a credit larger.
    const { position } = await service.database.db
      .selectFrom('events')
      .select('position')
      .where('stream_id', '=', `account-${accountId}`)
      .where('version', '=', 2)
      .executeTakeFirstOrThrow();
    await sql
      .raw(
        `alter table events disable trigger events_no_update;
         update events set data = jsonb_set(data, '{amountMicros}', '9000') where position = ${position};
         alter table events enable trigger events_no_update`,
      )
      .execute(service.database.db);

    const { discrepancies } = await reconcileNow();
    const messages = discrepancies.map((d) => d.message);
    expect(messages).toContainEqual(expect.stringMatching(/paid call call-ghost-call: settled .* but Temporal has no workflow call-ghost-call/));
    expect(messages).toContainEqual(
      expect.stringMatching(new RegExp(`event at position ${position} \\(account-ghost-account #2 CreditGranted\\) was changed`)),
    );
    // The balance projection was not told: the account's balance no longer equals its events.
    expect(messages).toContainEqual(expect.stringMatching(/account ghost-account: available_micros is 500, its events add up to 8500/));
  });
});
