import { describe, expect, it, vi } from 'vitest';
import { MapDataError, fetchMapLocations, parseMapLocations, totalExperts } from './map-data';

const austin = {
  name: 'Austin',
  country: 'United States',
  region: 'Texas',
  latitude: 30.27,
  longitude: -97.74,
  expert_count: 3,
  recent_tasks: 2,
};

describe('fetchMapLocations', () => {
  it('calls the endpoint without credentials, with the search when given', async () => {
    const fetcher = vi.fn<typeof fetch>(
      async () => new Response(JSON.stringify({ success: true, data: [austin] })),
    );
    expect((await fetchMapLocations('san josé', fetcher)).locations).toEqual([austin]);
    expect(fetcher).toHaveBeenCalledWith(
      '/api/map-locations?search=san+jos%C3%A9',
      expect.objectContaining({ credentials: 'omit' }),
    );
    await fetchMapLocations('', fetcher);
    expect(fetcher.mock.calls[1][0]).toBe('/api/map-locations');
  });

  it('treats a network failure, an HTTP error, a non-JSON body and success:false as an empty map', async () => {
    const empty = { locations: [], totals: null };
    expect(await fetchMapLocations('', async () => Promise.reject(new TypeError('offline')))).toEqual(empty);
    expect(await fetchMapLocations('', async () => new Response('{}', { status: 500 }))).toEqual(empty);
    expect(await fetchMapLocations('', async () => new Response('<html>'))).toEqual(empty);
    expect(
      await fetchMapLocations(
        '',
        async () => new Response(JSON.stringify({ success: false, data: [austin] })),
      ),
    ).toEqual(empty);
  });

  it('rejects a successful answer whose data is not a list (the map error state)', async () => {
    const broken = async () => new Response(JSON.stringify({ success: true, data: 'corrupt' }));
    await expect(fetchMapLocations('', broken)).rejects.toBeInstanceOf(MapDataError);
  });
});

describe('parseMapLocations', () => {
  it('skips entries that cannot be drawn and reads the totals', () => {
    const data = parseMapLocations({
      success: true,
      data: [
        austin,
        { ...austin, name: '' },
        { ...austin, latitude: 'x' },
        { ...austin, longitude: 400 },
        null,
      ],
      totals: { experts: 12, tasks_completed: 4 },
    });
    expect(data.locations).toEqual([austin]);
    expect(data.totals).toEqual({ experts: 12, tasks_completed: 4 });
  });

  it('sums the experts shown when the server sends no totals', () => {
    const data = parseMapLocations({
      success: true,
      data: [austin, { ...austin, name: 'Dallas', expert_count: 4 }],
    });
    expect(data.totals).toBeNull();
    expect(totalExperts(data)).toBe(7);
  });
});
