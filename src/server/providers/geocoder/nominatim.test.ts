import { describe, expect, it, vi } from 'vitest';
import { GeocoderError } from './geocoder';
import { NominatimGeocoder, type NominatimOptions } from './nominatim';
import { TtlCache } from './ttl-cache';

const PARIS = {
  place_id: 1,
  lat: '48.8588897',
  lon: '2.3200410',
  name: 'Paris',
  display_name: 'Paris, Île-de-France, Metropolitan France, France',
  address: { city: 'Paris', state: 'Île-de-France', country: 'France', country_code: 'fr' },
};

const EMPIRE_STATE = {
  lat: '40.7484',
  lon: '-73.9857',
  name: 'Empire State Building',
  display_name: 'Empire State Building, 350, 5th Avenue, Manhattan, New York, 10118, United States',
  address: {
    road: '5th Avenue',
    suburb: 'Manhattan',
    city: 'New York',
    state: 'New York',
    country: 'United States',
  },
};

function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** A fetch stub that records each request and answers with `answer(url)`. */
function stubFetch(answer: (url: URL) => Response | Promise<Response>) {
  const requests: { url: URL; headers: Headers }[] = [];
  const fetchStub = vi.fn(async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(String(input));
    requests.push({ url, headers: new Headers(init?.headers) });
    return answer(url);
  });
  return { fetch: fetchStub as unknown as typeof fetch, requests, calls: () => fetchStub.mock.calls.length };
}

function geocoder(fetchStub: typeof fetch, options: Partial<NominatimOptions> = {}) {
  return new NominatimGeocoder({
    baseUrl: 'https://geo.example.test/nominatim',
    userAgent: 'test-agent/2.0 (ops@example.test)',
    fetch: fetchStub,
    ...options,
  });
}

describe('nominatim search', () => {
  it('sends the spec query and parses the answer', async () => {
    const stub = stubFetch(() => jsonResponse([PARIS]));
    const results = await geocoder(stub.fetch).search('  Paris ');
    expect(stub.requests).toHaveLength(1);
    const { url, headers } = stub.requests[0];
    expect(url.origin + url.pathname).toBe('https://geo.example.test/nominatim/search');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      format: 'json',
      q: 'Paris',
      limit: '10',
      addressdetails: '1',
    });
    expect(headers.get('User-Agent')).toBe('test-agent/2.0 (ops@example.test)');
    expect(results).toEqual([
      {
        name: 'Paris',
        lat: 48.8588897,
        lng: 2.320041,
        address: 'Paris, Île-de-France, Metropolitan France, France',
        country: 'France',
        region: 'Île-de-France',
      },
    ]);
  });

  it('passes the limit and falls back to display_name for a missing name', async () => {
    const unnamed = { lat: '1', lon: '2', display_name: 'Somewhere, Far Away', address: {} };
    const stub = stubFetch(() => jsonResponse([unnamed, { broken: true }]));
    const results = await geocoder(stub.fetch).search('somewhere', 3);
    expect(stub.requests[0].url.searchParams.get('limit')).toBe('3');
    expect(results).toEqual([
      { name: 'Somewhere', lat: 1, lng: 2, address: 'Somewhere, Far Away', country: '', region: null },
    ]);
  });

  it('answers a short query without asking the service', async () => {
    const stub = stubFetch(() => jsonResponse([PARIS]));
    expect(await geocoder(stub.fetch).search(' p ')).toEqual([]);
    expect(stub.calls()).toBe(0);
  });

  it('caches answers: an identical search does not fetch again', async () => {
    const stub = stubFetch(() => jsonResponse([PARIS]));
    const service = geocoder(stub.fetch);
    const first = await service.search('Paris');
    const second = await service.search('paris  ');
    expect(second).toEqual(first);
    expect(stub.calls()).toBe(1);
    await service.search('Lyon');
    expect(stub.calls()).toBe(2);
  });

  it('shares one request between identical searches in flight', async () => {
    const stub = stubFetch(() => jsonResponse([PARIS]));
    const service = geocoder(stub.fetch);
    await Promise.all([service.search('paris'), service.search('paris')]);
    expect(stub.calls()).toBe(1);
  });

  it('asks again once the cached answer is stale', async () => {
    let now = 1_000;
    const stub = stubFetch(() => jsonResponse([PARIS]));
    const service = geocoder(stub.fetch, { cache: { ttlMs: 60_000 }, now: () => now });
    await service.search('paris');
    now += 59_000;
    await service.search('paris');
    expect(stub.calls()).toBe(1);
    now += 2_000;
    await service.search('paris');
    expect(stub.calls()).toBe(2);
  });

  it('does not cache failures', async () => {
    let fail = true;
    const stub = stubFetch(() => (fail ? jsonResponse({ error: 'busy' }, 503) : jsonResponse([PARIS])));
    const service = geocoder(stub.fetch);
    await expect(service.search('paris')).rejects.toMatchObject({ code: 'http' });
    fail = false;
    expect(await service.search('paris')).toHaveLength(1);
    expect(stub.calls()).toBe(2);
  });

  it('times out with a GeocoderError', async () => {
    const hanging = vi.fn(
      (_input: string | URL | Request, init?: RequestInit) =>
        new Promise<Response>((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(init.signal?.reason));
        }),
    );
    const service = geocoder(hanging as unknown as typeof fetch, { timeoutMs: 30 });
    const error = await service.search('paris').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(GeocoderError);
    expect(error).toMatchObject({ code: 'timeout' });
  });

  it('reports unreachable services and malformed answers', async () => {
    const down = stubFetch(() => Promise.reject(new TypeError('fetch failed')));
    await expect(geocoder(down.fetch).search('paris')).rejects.toMatchObject({ code: 'network' });
    const odd = stubFetch(() => jsonResponse({ not: 'a list' }));
    await expect(geocoder(odd.fetch).search('paris')).rejects.toMatchObject({ code: 'invalid_response' });
    const html = stubFetch(() => new Response('<html>', { status: 200 }));
    await expect(geocoder(html.fetch).search('paris')).rejects.toMatchObject({ code: 'invalid_response' });
  });
});

describe('nominatim reverse', () => {
  it('sends the spec query and names the settlement', async () => {
    const stub = stubFetch(() => jsonResponse(EMPIRE_STATE));
    const result = await geocoder(stub.fetch, { baseUrl: 'https://geo.example.test/' }).reverse(
      40.7484,
      -73.9857,
    );
    const { url } = stub.requests[0];
    expect(url.origin + url.pathname).toBe('https://geo.example.test/reverse');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      format: 'json',
      lat: '40.748400',
      lon: '-73.985700',
      zoom: '18',
      addressdetails: '1',
    });
    expect(result).toEqual({
      name: 'New York',
      lat: 40.7484,
      lng: -73.9857,
      address: EMPIRE_STATE.display_name,
      country: 'United States',
      region: 'New York',
    });
  });

  it('takes town, village, hamlet, state, then country', async () => {
    const answer = (address: Record<string, string>) => ({ lat: '1', lon: '2', display_name: 'x', address });
    const cases: [Record<string, string>, string][] = [
      [{ town: 'Town', village: 'Village', state: 'State', country: 'Land' }, 'Town'],
      [{ village: 'Village', hamlet: 'Hamlet', country: 'Land' }, 'Village'],
      [{ hamlet: 'Hamlet', state: 'State', country: 'Land' }, 'Hamlet'],
      [{ state: 'State', country: 'Land' }, 'State'],
      [{ country: 'Land' }, 'Land'],
    ];
    for (const [address, name] of cases) {
      const stub = stubFetch(() => jsonResponse(answer(address)));
      expect((await geocoder(stub.fetch).reverse(1, 2))?.name).toBe(name);
    }
  });

  it('answers null where the service knows nothing, and caches per coordinate', async () => {
    const stub = stubFetch(() => jsonResponse({ error: 'Unable to geocode' }));
    const service = geocoder(stub.fetch);
    expect(await service.reverse(0, -140)).toBeNull();
    expect(await service.reverse(0, -140)).toBeNull();
    expect(stub.calls()).toBe(1);
  });

  it('rejects impossible coordinates before asking', async () => {
    const stub = stubFetch(() => jsonResponse(EMPIRE_STATE));
    await expect(geocoder(stub.fetch).reverse(-91, 0)).rejects.toThrow(RangeError);
    expect(stub.calls()).toBe(0);
  });
});

describe('TtlCache', () => {
  it('evicts the least recently used entry beyond its size', () => {
    const cache = new TtlCache<number>({ maxEntries: 2, ttlMs: 1_000 });
    cache.set('a', 1);
    cache.set('b', 2);
    expect(cache.get('a')).toBe(1); // a is now the most recent
    cache.set('c', 3);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBe(1);
    expect(cache.get('c')).toBe(3);
    expect(cache.size).toBe(2);
  });
});
