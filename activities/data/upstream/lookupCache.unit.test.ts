import { LookupCache } from './lookupCache';

describe('lookup cache', () => {
  it('serves a repeat from the cache without loading again, and says so', async () => {
    const cache = new LookupCache(10);
    let loads = 0;
    const load = async () => ({ n: ++loads });
    expect(await cache.remember('k', 60, load)).toEqual({ value: { n: 1 }, cached: false });
    expect(await cache.remember('k', 60, load)).toEqual({ value: { n: 1 }, cached: true });
    expect(loads).toBe(1);
  });

  it('lets concurrent misses of one key share a single load', async () => {
    const cache = new LookupCache(10);
    let loads = 0;
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const load = async () => {
      loads++;
      await gate;
      return 'v';
    };
    const both = Promise.all([cache.remember('k', 60, load), cache.remember('k', 60, load)]);
    release();
    expect((await both).map((r) => r.value)).toEqual(['v', 'v']);
    expect(loads).toBe(1);
  });

  it('keeps nothing when a load fails or when the TTL is zero', async () => {
    const cache = new LookupCache(10);
    await expect(cache.remember('k', 60, async () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.remember('k', 60, async () => 'up')).toEqual({ value: 'up', cached: false });
    await cache.remember('z', 0, async () => 'once');
    expect(await cache.remember('z', 0, async () => 'twice')).toEqual({ value: 'twice', cached: false });
  });

  it('drops the least recently used answer when full', async () => {
    const cache = new LookupCache(2);
    await cache.remember('a', 60, async () => 1);
    await cache.remember('b', 60, async () => 2);
    await cache.remember('a', 60, async () => 1);
    await cache.remember('c', 60, async () => 3);
    expect((await cache.remember('a', 60, async () => 10)).cached).toBe(true);
    expect((await cache.remember('b', 60, async () => 20)).cached).toBe(false);
  });
});
