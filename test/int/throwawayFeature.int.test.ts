import { execFile } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { BOOKMARKS_FEATURE, withBookmarksListed } from './throwawayFeature/bookmarksFeature';

const run = promisify(execFile);
const root = path.resolve(__dirname, '..', '..');

// docs/architecture.md, "Adding a feature": a feature is its folders and its line in schema/features.ts. A copy of
// the tree gets a throwaway feature using every slot (entries, events and a stream, settings, a projection, a table of
// its own with its migration, a worker resource, a check before payment, a part in the settlement) and that line,
// nothing else; the copy must type-check and answer the feature's calls through HTTP, the workflow and the ledger.
let copy: string;
beforeAll(() => {
  copy = mkdtempSync(path.join(tmpdir(), 'toolgate-throwaway-'));
  const sourceOnly = (source: string) => !source.endsWith('.test.ts');
  for (const dir of ['schema', 'core', 'activities', 'api', 'workflows', 'workers', 'scripts', 'packages', path.join('test', 'support')]) {
    cpSync(path.join(root, dir), path.join(copy, dir), { recursive: true, filter: sourceOnly });
  }
  for (const file of ['package.json', 'tsconfig.json']) cpSync(path.join(root, file), path.join(copy, file));
  symlinkSync(path.join(root, 'node_modules'), path.join(copy, 'node_modules'), 'dir');
  for (const [file, text] of Object.entries(BOOKMARKS_FEATURE)) {
    mkdirSync(path.dirname(path.join(copy, file)), { recursive: true });
    writeFileSync(path.join(copy, file), text.trimStart());
  }
  const list = path.join(copy, 'schema', 'features.ts');
  writeFileSync(list, withBookmarksListed(readFileSync(list, 'utf8')));
});
afterAll(() => rmSync(copy, { recursive: true, force: true }));

it('type-checks with the feature added as its folders and its line', async () => {
  await run(process.execPath, [require.resolve('typescript/bin/tsc'), '-p', path.join(copy, 'tsconfig.json')], { cwd: copy, maxBuffer: 16 << 20 }).catch(
    (error: { stdout?: string }) => {
      throw new Error(`tsc failed in the copy:\n${error.stdout ?? String(error)}`);
    },
  );
}, 300_000);

it('answers the feature through HTTP, the workflow and the ledger, each slot doing its part', async () => {
  writeFileSync(path.join(copy, 'throwaway.ts'), THROWAWAY_RUN);
  const { stdout } = await run(process.execPath, [require.resolve('tsx/cli'), 'throwaway.ts'], { cwd: copy, env: process.env, maxBuffer: 16 << 20 });
  const seen = JSON.parse(stdout.slice(stdout.indexOf('{"'))) as Record<string, { status?: number; body?: Record<string, unknown> } & Record<string, unknown>>;
  // Settings: the feature's setting is read from the environment like any other.
  expect(seen.noteMax).toBe(8);
  // The check before payment: a caller's mistake it names is a 400 before anything is reserved.
  expect(seen.refused).toMatchObject({ status: 400, body: { code: 'invalid_request' } });
  // The paid tool ran in the workflow, with the worker resource (the label) and the setting (the note cut to 8).
  expect(seen.added).toMatchObject({ status: 200, body: { note: 'a long n', label: 'bookmark of example.org', bookmark_id: expect.stringMatching(/^bm_/) } });
  // The projection keeps the event, and the settlement part recorded the call in the feature's own table.
  expect(seen.count).toMatchObject({ status: 200, body: { bookmarks: 1, settled: 1 } });
  // The ledger: one reservation and one charge at the entry's price, none for the refused call.
  expect(seen.ledger).toEqual({ ChargeReserved: 1, ChargeSettled: 1, chargedMicros: 2000 });
  // The registry's derivations: the route is in the OpenAPI document, the settings in the configuration.
  expect(seen.documented).toEqual({ openapi: true, setting: 'BOOKMARK_NOTE_MAX' });
}, 300_000);

/** What runs in the copy: a service on a database migrated by the copy (so with the feature's migration and projection). */
const THROWAWAY_RUN = `
import { createTestDatabase } from './test/support/testDatabase';
import { startTestService } from './test/support/testService';
import { generateKey, topUp } from './test/support/accounts';
import { migrate } from './core/db/migrate';
import { allProjections } from './core/projections';
import { LIVE_SCHEMA } from './core/projections/liveSchema';
import { SETTINGS } from './schema/config';

async function main() {
  const database = await createTestDatabase();
  await migrate(database.db, { projections: allProjections, schema: LIVE_SCHEMA });
  const service = await startTestService({ database, env: { BOOKMARK_NOTE_MAX: '8' } });
  const seen: Record<string, unknown> = {};
  try {
    seen.noteMax = (service.config as unknown as Record<string, unknown>).bookmarkNoteMax;
    const key = await generateKey(service.baseUrl);
    await topUp(service.baseUrl, service.config.adminToken, key.key, 1);
    const post = async (body: unknown) => {
      const response = await fetch(service.baseUrl + '/bookmarks/add', { method: 'POST', headers: { ...key.auth, 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
      return { status: response.status, body: await response.json() };
    };
    seen.refused = await post({ url: 'http://plain.example/' });
    seen.added = await post({ url: 'https://example.org/page', note: 'a long note that is cut' });
    const count = await fetch(service.baseUrl + '/bookmarks/count');
    seen.count = { status: count.status, body: await count.json() };
    const events = await database.db.selectFrom('events').select(['type', 'data']).where('stream_id', '=', 'account-' + key.keyId).execute();
    const settled = events.filter((e) => e.type === 'ChargeSettled');
    seen.ledger = {
      ChargeReserved: events.filter((e) => e.type === 'ChargeReserved').length,
      ChargeSettled: settled.length,
      chargedMicros: settled.reduce((sum, e) => sum + (e.data as { chargedMicros: number }).chargedMicros, 0),
    };
    const openapi = (await (await fetch(service.baseUrl + '/openapi.json')).json()) as { paths: Record<string, unknown> };
    seen.documented = { openapi: '/bookmarks/add' in openapi.paths, setting: (SETTINGS as unknown as Record<string, { env: string }>).bookmarkNoteMax?.env };
  } finally {
    await service.stop();
    await database.drop();
  }
  process.stdout.write(JSON.stringify(seen));
}
main().then(() => process.exit(0), (error) => { console.error(error); process.exit(1); });
`;
