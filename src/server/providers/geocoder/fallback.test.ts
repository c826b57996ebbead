import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { LocationResult } from '@shared/domain/cities';
import { withFallback } from './fallback';
import { createGazetteer, type Gazetteer } from './gazetteer';
import { GeocoderError, type Geocoder } from './geocoder';
import { createGeocoder } from './index';

let gazetteer: Gazetteer;

beforeAll(async () => {
  gazetteer = await createGazetteer();
});

const ONLINE_PARIS: LocationResult = {
  name: 'Paris',
  lat: 48.8589,
  lng: 2.32,
  address: 'Paris, Île-de-France, Metropolitan France, France',
  country: 'France',
  region: 'Île-de-France',
};

function failing(error: unknown = new GeocoderError('timeout', 'too slow')) {
  return {
    search: vi.fn(async (): Promise<LocationResult[]> => {
      throw error;
    }),
    reverse: vi.fn(async (): Promise<LocationResult | null> => {
      throw error;
    }),
  } satisfies Geocoder;
}

function answering(result: LocationResult) {
  return {
    search: vi.fn(async () => [result]),
    reverse: vi.fn(async () => result),
  } satisfies Geocoder;
}

describe('withFallback', () => {
  it('answers from the gazetteer when the primary fails', async () => {
    const onFallback = vi.fn();
    const geocoder = withFallback(failing(), gazetteer, { onFallback });
    expect((await geocoder.search('paris'))[0]).toMatchObject({ name: 'Paris', address: 'Paris, France' });
    expect(await geocoder.reverse(45.75, 4.85)).toMatchObject({ name: 'Lyon' });
    expect(onFallback).toHaveBeenCalledTimes(2);
    expect(onFallback).toHaveBeenCalledWith(expect.any(GeocoderError), 'search');
  });

  it('uses the primary while it answers, even with nothing', async () => {
    const primary = answering(ONLINE_PARIS);
    const fallback = answering({ ...ONLINE_PARIS, name: 'Offline' });
    const geocoder = withFallback(primary, fallback);
    expect(await geocoder.search('paris', 5)).toEqual([ONLINE_PARIS]);
    expect(primary.search).toHaveBeenCalledWith('paris', 5);
    expect(await geocoder.reverse(48.8, 2.3)).toEqual(ONLINE_PARIS);
    primary.search.mockResolvedValueOnce([]);
    expect(await geocoder.search('nowhere')).toEqual([]);
    expect(fallback.search).not.toHaveBeenCalled();
    expect(fallback.reverse).not.toHaveBeenCalled();
  });

  it('rethrows invalid coordinates instead of retrying them', async () => {
    const fallback = answering(ONLINE_PARIS);
    const geocoder = withFallback(failing(new RangeError('Invalid coordinates')), fallback);
    await expect(geocoder.reverse(99, 0)).rejects.toThrow(RangeError);
    expect(fallback.reverse).not.toHaveBeenCalled();
  });

  it('leaves a failing primary alone for a while after failures in a row', async () => {
    let now = 0;
    const primary = failing();
    const fallback = answering(ONLINE_PARIS);
    const geocoder = withFallback(primary, fallback, {
      failureThreshold: 2,
      cooldownMs: 10_000,
      now: () => now,
    });
    await geocoder.search('a place');
    await geocoder.search('a place');
    expect(primary.search).toHaveBeenCalledTimes(2);
    await geocoder.search('a place');
    now += 9_999;
    await geocoder.reverse(1, 2);
    expect(primary.search).toHaveBeenCalledTimes(2);
    expect(primary.reverse).not.toHaveBeenCalled();
    now += 2;
    await geocoder.search('a place');
    expect(primary.search).toHaveBeenCalledTimes(3);
    expect(fallback.search).toHaveBeenCalledTimes(4);
  });
});

describe('createGeocoder', () => {
  it('is the offline gazetteer without a URL', async () => {
    const geocoder = createGeocoder();
    expect((await geocoder.search('austin, tx'))[0]).toMatchObject({ name: 'Austin', region: 'Texas' });
    expect(await geocoder.reverse(40.758, -73.9855)).toMatchObject({ name: 'New York' });
  });

  it('asks the configured service with the configured User-Agent', async () => {
    const fetchStub = vi.fn(async (_input: string | URL | Request, _init?: RequestInit) =>
      Response.json([
        { name: 'Paris', lat: '48.8589', lon: '2.32', display_name: ONLINE_PARIS.address, address: {} },
      ]),
    );
    const geocoder = createGeocoder({
      url: 'https://geo.example.test',
      userAgent: 'ops-agent/1.0',
      fetch: fetchStub as unknown as typeof fetch,
    });
    expect((await geocoder.search('paris'))[0].address).toBe(ONLINE_PARIS.address);
    const [input, init] = fetchStub.mock.calls[0];
    expect(String(input)).toMatch(/^https:\/\/geo\.example\.test\/search\?/);
    expect(new Headers(init?.headers).get('User-Agent')).toBe('ops-agent/1.0');
  });

  it('falls back to the gazetteer when the service is down', async () => {
    const onFallback = vi.fn();
    const down = vi.fn(async () => {
      throw new TypeError('fetch failed');
    });
    const geocoder = createGeocoder({
      url: 'https://geo.example.test',
      fetch: down as unknown as typeof fetch,
      onFallback,
    });
    expect((await geocoder.search('paris'))[0]).toMatchObject({ address: 'Paris, France' });
    expect(onFallback).toHaveBeenCalledWith(expect.objectContaining({ code: 'network' }), 'search');
  });
});
