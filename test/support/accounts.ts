import type { Db } from '../../core/db/createDb';
import { LIVE_SCHEMA } from '../../core/projections';
import { json } from './json';

export interface TestKey {
  readonly key: string;
  readonly keyId: string;
  readonly auth: Record<string, string>;
}

/** A fresh key with trial credit, through the real endpoint. */
export async function generateKey(baseUrl: string, label = 'test'): Promise<TestKey> {
  const response = await fetch(`${baseUrl}/auth/generate-key`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ label }),
  });
  if (response.status !== 200) throw new Error(`generate-key answered ${response.status}: ${await response.text()}`);
  const body = await json(response);
  return { key: body.key, keyId: body.key_id, auth: { Authorization: `Bearer ${body.key}` } };
}

export async function topUp(baseUrl: string, adminToken: string, key: string, amountUsd: number | string): Promise<Response> {
  return fetch(`${baseUrl}/auth/topup`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Admin-Token': adminToken },
    body: `{"key":${JSON.stringify(key)},"amount_usd":${amountUsd}}`,
  });
}

/** An account's row in the live balances read model (it must exist). */
export async function balanceRow(db: Db, accountId: string) {
  return db.withSchema(LIVE_SCHEMA).selectFrom('balances').selectAll().where('account_id', '=', accountId).executeTakeFirstOrThrow();
}
