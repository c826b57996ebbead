import { describe, expect, it } from 'vitest';
import { createReadCache } from './read-cache';
import { createWriteEpoch, registerWriteEpoch } from './write-epoch';

function setup(options: { ttlMs?: number; maxEntries?: number; remoteLive?: boolean } = {}) {
  let clock = 0;
  const db = {};
  const epoch = createWriteEpoch({ remoteLive: options.remoteLive ?? true });
  registerWriteEpoch(db, epoch);
  const cache = createReadCache({ maxEntries: options.maxEntries ?? 10, ttlMs: options.ttlMs ?? 1_000, now: () => clock });
  let loads = 0;
  const load = (value: string) => async () => {
    loads += 1;
    return { value };
  };
  return { db, epoch, cache, load, loads: () => loads, advance: (ms: number) => (clock += ms) };
}

describe('a read cache', () => {
  it('answers a repeated read from memory until something is written', async () => {
    const { db, epoch, cache, load, loads } = setup();
    expect(await cache.read(db, 'k', load('first'))).toEqual({ value: 'first' });
    expect(await cache.read(db, 'k', load('second'))).toEqual({ value: 'first' });
    expect(loads()).toBe(1);
    epoch.bump();
    expect(await cache.read(db, 'k', load('third'))).toEqual({ value: 'third' });
    expect(loads()).toBe(2);
  });

  it('does not keep a read during which something was written', async () => {
    const { db, epoch, cache, loads } = setup();
    await cache.read(db, 'k', async () => {
      epoch.bump();
      return 'read before the write committed';
    });
    expect(await cache.read(db, 'k', async () => 'fresh')).toBe('fresh');
    expect(loads()).toBe(0);
  });

  it('forgets an entry after its time to live', async () => {
    const { db, cache, load, loads, advance } = setup({ ttlMs: 1_000 });
    await cache.read(db, 'k', load('a'));
    advance(1_000);
    await cache.read(db, 'k', load('a'));
    expect(loads()).toBe(1);
    advance(1);
    await cache.read(db, 'k', load('b'));
    expect(loads()).toBe(2);
  });

  it('evicts the least recently used entry beyond its size', async () => {
    const { db, cache, load, loads } = setup({ maxEntries: 2 });
    await cache.read(db, 'a', load('a'));
    await cache.read(db, 'b', load('b'));
    await cache.read(db, 'a', load('a'));
    await cache.read(db, 'c', load('c'));
    expect(loads()).toBe(3);
    await cache.read(db, 'a', load('a'));
    expect(loads()).toBe(3);
    await cache.read(db, 'b', load('b'));
    expect(loads()).toBe(4);
  });

  it('shares one load between concurrent misses of one key', async () => {
    const { db, cache, load, loads } = setup();
    const answers = await Promise.all(Array.from({ length: 20 }, () => cache.read(db, 'k', load('once'))));
    expect(loads()).toBe(1);
    expect(new Set(answers).size).toBe(1);
  });

  it('always loads while other processes cannot be heard, and for a Db without an epoch', async () => {
    const { db, cache, load, loads } = setup({ remoteLive: false });
    await cache.read(db, 'k', load('a'));
    await cache.read(db, 'k', load('a'));
    expect(loads()).toBe(2);
    await cache.read({}, 'k', load('a'));
    await cache.read({}, 'k', load('a'));
    expect(loads()).toBe(4);
  });

  it('hands out frozen values, so that no caller can change what the next one gets', async () => {
    const { db, cache } = setup();
    const value = await cache.read(db, 'k', async () => ({ list: [{ name: 'a' }] }));
    expect(() => {
      (value.list[0] as { name: string }).name = 'changed';
    }).toThrow(TypeError);
  });

  it('with a read set, keeps a value across writes elsewhere, but not one read while its table was written', async () => {
    const { db, epoch, cache, load, loads } = setup();
    const reads = { tables: ['tasks'], keys: ['tasks:1'] };
    await cache.read(db, 'k', load('first'), reads);
    epoch.wrote('insert into notifications (id) values (1)');
    epoch.heard('tasks', '2');
    expect(await cache.read(db, 'k', load('second'), reads)).toEqual({ value: 'first' });
    expect(loads()).toBe(1);
    await cache.read(db, 'j', async () => {
      epoch.wrote('update tasks set title = 1');
      return 'read before the write committed';
    }, reads);
    expect(await cache.read(db, 'j', async () => 'fresh', reads)).toBe('fresh');
  });
});
