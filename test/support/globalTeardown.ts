import { rmSync } from 'node:fs';
import pg from 'pg';
import { releaseRunLock } from './testRunLock';

export default async function globalTeardown(): Promise<void> {
  const adminUrl = process.env.TEST_PG_ADMIN_URL;
  if (adminUrl && process.env.TEST_TEMPLATE_DATABASE) {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${pg.escapeIdentifier(process.env.TEST_TEMPLATE_DATABASE)}`).catch(() => undefined);
    await admin.end();
  }
  if (process.env.WORKFLOW_BUNDLE_PATH) rmSync(process.env.WORKFLOW_BUNDLE_PATH, { force: true });
  await releaseRunLock();
  await globalThis.__TEST_STACK__?.stop();
}
