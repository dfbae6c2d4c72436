import type pg from 'pg';
import { createTestDatabase, type TestDatabase } from '../../test/support/testDatabase';
import { systemClock } from '../clock/clock';
import { windowCounts, type WindowCounts } from './windowCounts';

let database: TestDatabase;
const made: WindowCounts[] = [];
// The timer's writes are taken out (an hour apart): each test says when counts are written.
const counter = () => {
  const counts = windowCounts(database.pool, systemClock, { flushMs: 3_600_000 });
  made.push(counts);
  return counts;
};
const rowOf = async (key: string) =>
  (await database.pool.query<{ points: number }>('select points from rate_limits where key = $1', [key])).rows[0]?.points ?? null;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  made.forEach((counts) => counts.stop());
  await database.drop();
});

describe('windowCounts', () => {
  it('counts a caller far from its limit in memory and writes the counts together', async () => {
    const counts = counter();
    const answers = [];
    for (let i = 0; i < 10; i++) answers.push(await counts.count('key:far', 1_000));
    expect(answers.every((a) => a.allowed)).toBe(true);
    expect(answers.map((a) => a.remaining)).toEqual([999, 998, 997, 996, 995, 994, 993, 992, 991, 990]);
    // The first request learnt the window in PostgreSQL; the other nine wait for the next write.
    expect(await rowOf('key:far')).toBe(1);
    await counts.flush();
    expect(await rowOf('key:far')).toBe(10);
  });

  it('is exact near the limit, however many requests come at once', async () => {
    const counts = counter();
    const answers = await Promise.all(Array.from({ length: 30 }, () => counts.count('key:busy', 10)));
    expect(answers.filter((a) => a.allowed)).toHaveLength(10);
    await counts.flush();
    expect(await rowOf('key:busy')).toBe(30);
  });

  it('holds a limit across two replicas that never wrote on a timer', async () => {
    const replicas = [counter(), counter()];
    const allowed = [];
    for (let i = 0; i < 30; i++) allowed.push((await replicas[i % 2]!.count('key:shared', 10)).allowed);
    expect(allowed.filter(Boolean)).toHaveLength(10);
    expect(allowed.slice(10).some(Boolean)).toBe(false);
  });

  it('starts a new window where the stored one has ended', async () => {
    const counts = counter();
    for (let i = 0; i < 3; i++) await counts.count('ip:203.0.113.9', 3);
    expect((await counts.count('ip:203.0.113.9', 3)).allowed).toBe(false);
    await database.pool.query(`update rate_limits set expire = 0 where key = 'ip:203.0.113.9'`);
    // Another replica (or this one after its window) learns the row's window has ended and counts from one.
    const fresh = await counter().count('ip:203.0.113.9', 3);
    expect(fresh).toEqual({ allowed: true, remaining: 2, resetAt: expect.any(Number) });
    expect(fresh.resetAt).toBeGreaterThan(Date.now());
    expect(await rowOf('ip:203.0.113.9')).toBe(1);
  });

  it('gives back to memory what a failed write could not store', async () => {
    const counts = counter();
    for (let i = 0; i < 5; i++) await counts.count('key:flaky', 1_000);
    await database.pool.query('alter table rate_limits rename to rate_limits_away');
    try {
      await expect(counts.flush()).rejects.toThrow();
    } finally {
      await database.pool.query('alter table rate_limits_away rename to rate_limits');
    }
    await counts.flush();
    expect(await rowOf('key:flaky')).toBe(5);
  });

  it("sweeps through a pool that throws as it is called (a torn-down test's), without an uncaught error", async () => {
    let calls = 0;
    const throwing = {
      query: () => {
        calls++;
        throw new TypeError("Cannot read properties of undefined (reading 'Socket')");
      },
    } as unknown as pg.Pool;
    const counts = windowCounts(throwing, systemClock, { flushMs: 3_600_000, sweepMs: 5 });
    made.push(counts);
    const until = Date.now() + 10_000;
    while (calls < 3 && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 5));
    expect(calls).toBeGreaterThanOrEqual(3);
  });
});
