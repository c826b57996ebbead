import { describe, expect, it, vi } from 'vitest';
import type { Topology } from 'topojson-specification';
import { US_STATES_CACHE_KEY, loadUsStates, readCachedStates } from './boundaries';

const DAY_MS = 24 * 60 * 60 * 1000;
const topology = (marker: string): Topology =>
  ({
    type: 'Topology',
    arcs: [],
    objects: { states: { type: 'GeometryCollection', geometries: [] } },
    marker,
  }) as unknown as Topology;

function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, value),
  };
}

const answering = (body: unknown, status = 200) =>
  vi.fn<typeof fetch>(async () => new Response(JSON.stringify(body), { status }));

describe('loadUsStates', () => {
  it('fetches once, then answers from browser storage for 24 hours with a timestamp', async () => {
    const storage = memoryStorage();
    const fetcher = answering(topology('first'));
    let now = 1_000_000;
    const load = () => loadUsStates({ fetcher, storage, now: () => now });

    expect(await load()).toMatchObject({ marker: 'first' });
    expect(fetcher).toHaveBeenCalledTimes(1);
    expect(fetcher.mock.calls[0][0]).toBe('/api/static-data/us-states.json');
    expect(JSON.parse(storage.getItem(US_STATES_CACHE_KEY)!)).toMatchObject({ savedAt: 1_000_000 });

    now += DAY_MS - 1;
    expect(await load()).toMatchObject({ marker: 'first' });
    expect(fetcher).toHaveBeenCalledTimes(1);

    now += 1;
    fetcher.mockImplementation(async () => new Response(JSON.stringify(topology('second'))));
    expect(await load()).toMatchObject({ marker: 'second' });
    expect(fetcher).toHaveBeenCalledTimes(2);
    expect(JSON.parse(storage.getItem(US_STATES_CACHE_KEY)!)).toMatchObject({ savedAt: now });
  });

  it('ignores a corrupt or future-dated cache entry', () => {
    const storage = memoryStorage();
    storage.setItem(US_STATES_CACHE_KEY, '{oops');
    expect(readCachedStates(storage, 0)).toBeNull();
    storage.setItem(US_STATES_CACHE_KEY, JSON.stringify({ savedAt: 10, topology: topology('x') }));
    expect(readCachedStates(storage, 5)).toBeNull();
    storage.setItem(US_STATES_CACHE_KEY, JSON.stringify({ savedAt: 10, topology: { type: 'Nope' } }));
    expect(readCachedStates(storage, 20)).toBeNull();
  });

  it('fails on an HTTP error or data that is not a topology, and stores nothing', async () => {
    const storage = memoryStorage();
    await expect(loadUsStates({ fetcher: answering({}, 500), storage })).rejects.toThrow();
    await expect(
      loadUsStates({ fetcher: answering({ type: 'FeatureCollection' }), storage }),
    ).rejects.toThrow();
    expect(storage.length).toBe(0);
  });

  it('still works when storage refuses to store', async () => {
    const storage = memoryStorage();
    storage.setItem = () => {
      throw new Error('QuotaExceededError');
    };
    expect(await loadUsStates({ fetcher: answering(topology('ok')), storage })).toMatchObject({
      marker: 'ok',
    });
  });
});
