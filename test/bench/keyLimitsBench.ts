import { createKey } from '../../core/accounts/createKey';
import { grantCredit } from '../../core/accounts/grantCredit';
import { createDb } from '../../core/db/createDb';
import { dropBenchDatabase, freshMigratedDatabase } from './arrangement';
import { createEventStore } from '../../core/eventStore';
import { systemClock } from '../../core/clock/clock';
import { inlineProjections, LIVE_SCHEMA } from '../../core/projections';
import { NO_LIMITS } from '../../schema/accounts/keySettings';
import { loadConfig } from '../../core/config/loadConfig';
import type { Payer } from '../../schema/events';
import { micros } from '../../schema/money';
import type { Say } from '../../scripts/services/processes';
import { timeLoops } from './latency';
import { reserveAndSettle } from './ledgerRound';

/**
 * What a key's spend limits cost the paid path: reserve + settle in PostgreSQL at one caller, with a payer that names
 * no key (the path as it was before keys had limits: no key read, no spend row locked) and with one naming a key with
 * daily and monthly limits (its row read and its spend locked in the reservation's statement, its spend counted in
 * both appends). Windows alternate (plain, limited, plain, limited …) so neither always runs on a warmer database.
 */
export async function benchKeyLimits(options: { databaseUrl: string; seconds: number; rounds: number; say: Say }) {
  const name = `toolgate_bench_key_limits_${process.pid}`;
  // A migrated database of the bench's own (test/bench/arrangement.ts), dropped at the end.
  const db = createDb({ connectionString: await freshMigratedDatabase(options.databaseUrl, name), max: 4 });
  try {
    const store = createEventStore(db, inlineProjections, LIVE_SCHEMA);
    const billing = { store, config: loadConfig(), clock: systemClock };
    const accountId = `bench-key-limits-${Date.now().toString(36)}`;
    await grantCredit(store, { accountId, amount: micros(1_000_000_000), reason: 'topup', reference: `bench-${accountId}`, actor: 'bench' });
    const key = await createKey(store, {
      accountId,
      settings: { label: 'bench', ...NO_LIMITS, dailyLimitMicros: 1_000_000_000, monthlyLimitMicros: 1_000_000_000, manageKeys: false },
      createdBy: 'bench',
      requestId: `bench-key-${accountId}`,
      ip: '127.0.0.1',
    });
    if (!key.ok) throw new Error(key.message);
    const payers: Record<'plain' | 'limited', Payer> = { plain: { kind: 'key', id: accountId }, limited: { kind: 'key', id: accountId, keyId: key.keyId } };
    const window = (kind: 'plain' | 'limited') =>
      timeLoops(1, options.seconds, async (i) => {
        const callId = `key-limits-${kind}-${i}-${Math.random().toString(36).slice(2)}`;
        const payer = payers[kind];
        const refused = await reserveAndSettle(billing, callId, payer);
        if (refused) throw new Error(`refused: ${refused}`);
      });
    await window('plain');
    await window('limited');
    const rounds: { plain: Awaited<ReturnType<typeof window>>; limited: Awaited<ReturnType<typeof window>> }[] = [];
    for (let round = 0; round < options.rounds; round++) {
      const plain = await window('plain');
      const limited = await window('limited');
      options.say(`round ${round + 1}: p50 ${plain.p50Ms} ms without limits, ${limited.p50Ms} ms with a key's limits`);
      rounds.push({ plain, limited });
    }
    const mean = (values: number[]) => Math.round((values.reduce((a, b) => a + b, 0) / values.length) * 1000) / 1000;
    const plainP50 = mean(rounds.map((r) => r.plain.p50Ms));
    const limitedP50 = mean(rounds.map((r) => r.limited.p50Ms));
    return {
      what: 'reserve + settle at 1 caller, a payer naming no key vs a key with daily and monthly limits',
      seconds: options.seconds,
      rounds,
      plainP50Ms: plainP50,
      limitedP50Ms: limitedP50,
      costMs: Math.round((limitedP50 - plainP50) * 1000) / 1000,
      ratio: Math.round((limitedP50 / plainP50) * 1000) / 1000,
    };
  } finally {
    await db.destroy();
    await dropBenchDatabase(options.databaseUrl, name);
  }
}
