import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_LOCATION, FALLBACK_CITIES, POPULAR_CITIES, normalizePlaceText } from '@shared/domain/cities';
import { Gazetteer, createGazetteer } from './gazetteer';
import type { RawCity } from './place-table';

let gazetteer: Gazetteer;

beforeAll(async () => {
  gazetteer = await createGazetteer();
});

const addresses = (results: { address: string }[]) => results.map((result) => result.address);

describe('gazetteer loading', () => {
  it('indexes the whole city package once', async () => {
    expect(gazetteer.stats.places).toBeGreaterThan(130_000);
    expect(gazetteer.stats.nameKeys).toBeGreaterThanOrEqual(gazetteer.stats.places);
    expect(await createGazetteer()).toBe(gazetteer);
  });
});

describe('gazetteer search', () => {
  it('ranks the most populous place of a name first', async () => {
    const results = await gazetteer.search('paris');
    expect(results[0]).toMatchObject({
      name: 'Paris',
      country: 'France',
      region: null,
      address: 'Paris, France',
    });
    expect(results[1]).toMatchObject({ name: 'Paris', region: 'Texas', country: 'United States' });
    expect(results).toHaveLength(10);
  });

  it('matches name prefixes, larger places first', async () => {
    const results = await gazetteer.search('spring');
    for (const result of results) expect(normalizePlaceText(result.name).startsWith('spring')).toBe(true);
    const springfields = results.filter((result) => result.name === 'Springfield');
    expect(springfields.map((result) => result.region)).toEqual(
      expect.arrayContaining(['Missouri', 'Massachusetts', 'Illinois']),
    );
    // Springfield MO (167k) > MA (154k) > IL (117k).
    expect(springfields.slice(0, 3).map((result) => result.region)).toEqual([
      'Missouri',
      'Massachusetts',
      'Illinois',
    ]);
  });

  it('ignores accents, case and punctuation', async () => {
    for (const query of ['sao paulo', 'SÃO PAULO', 'são-paulo']) {
      const [first] = await gazetteer.search(query);
      expect(first).toMatchObject({ name: 'São Paulo', country: 'Brazil' });
    }
    expect((await gazetteer.search('st johns'))[0].name).toBe("St. John's");
  });

  it('understands "city, region" and "city region" queries', async () => {
    for (const query of ['austin, tx', 'austin tx', 'Austin, Texas', 'austin, tex', 'austin usa']) {
      const [first] = await gazetteer.search(query);
      expect(first, query).toMatchObject({
        name: 'Austin',
        region: 'Texas',
        country: 'United States',
        address: 'Austin, Texas, United States',
      });
    }
    expect((await gazetteer.search('paris tx'))[0]).toMatchObject({ name: 'Paris', region: 'Texas' });
    expect((await gazetteer.search('springfield, il'))[0]).toMatchObject({
      name: 'Springfield',
      region: 'Illinois',
    });
    expect((await gazetteer.search('washington dc'))[0]).toMatchObject({ region: 'District of Columbia' });
  });

  it('narrows "city, country" to that country', async () => {
    const results = await gazetteer.search('paris, fr');
    expect(results.length).toBeGreaterThan(0);
    for (const result of results) expect(result.country).toBe('France');
    expect((await gazetteer.search('london, canada'))[0]).toMatchObject({
      name: 'London',
      region: 'Ontario',
    });
  });

  it('ignores an unknown qualifier instead of finding nothing', async () => {
    expect((await gazetteer.search('lyon, rhone'))[0]).toMatchObject({ name: 'Lyon', country: 'France' });
  });

  it('calls New York by its everyday name', async () => {
    for (const query of ['new york', 'new york city', 'new york ny', 'New York, NY']) {
      const [first] = await gazetteer.search(query);
      expect(first, query).toMatchObject({ name: 'New York', region: 'New York', country: 'United States' });
    }
  });

  it('answers nothing below two characters and prefix lists from two on', async () => {
    for (const query of ['', '   ', 'p', 'é', ',', 'a, us'])
      expect(await gazetteer.search(query), query).toEqual([]);
    const results = await gazetteer.search('pa');
    expect(results).toHaveLength(10);
    for (const result of results) expect(normalizePlaceText(result.name).startsWith('pa')).toBe(true);
  });

  it('honours the limit', async () => {
    expect(await gazetteer.search('spring', 3)).toHaveLength(3);
    expect(await gazetteer.search('spring', 0)).toHaveLength(1);
    expect(await gazetteer.search('spring', 500)).toHaveLength(50);
  });

  it('returns one result per name, region and country', async () => {
    // GeoNames has three places called Plantation in Florida.
    const plantations = (await gazetteer.search('plantation, fl')).filter(
      (result) => result.name === 'Plantation',
    );
    expect(plantations).toHaveLength(1);
    for (const query of ['san', 'georgetown', 'springfield', 'midway']) {
      const found = addresses(await gazetteer.search(query, 50));
      expect(new Set(found).size, query).toBe(found.length);
    }
  });

  it('answers a search well within 5 ms once indexed', () => {
    const queries = [
      'pa',
      'sa',
      'new',
      'spring',
      'austin, tx',
      'sao paulo',
      'london',
      'b',
      'mo',
      'san jose costa rica',
    ];
    const timings: number[] = [];
    for (let round = 0; round < 20; round += 1) {
      for (const query of queries) {
        const started = performance.now();
        gazetteer.searchNow(query);
        timings.push(performance.now() - started);
      }
    }
    timings.sort((a, b) => a - b);
    expect(timings[Math.floor(timings.length / 2)]).toBeLessThan(5);
  });
});

describe('gazetteer reverse geocoding', () => {
  it('names a point in Manhattan New York', async () => {
    const timesSquare = await gazetteer.reverse(40.758, -73.9855);
    expect(timesSquare).toMatchObject({ name: 'New York', region: 'New York', country: 'United States' });
    const cityHall = await gazetteer.reverse(DEFAULT_LOCATION.lat, DEFAULT_LOCATION.lng);
    expect(cityHall?.name).toBe('New York');
  });

  it('names a point near Lyon Lyon, and its neighbour by its own name', async () => {
    expect(await gazetteer.reverse(45.75, 4.85)).toMatchObject({ name: 'Lyon', country: 'France' });
    expect(await gazetteer.reverse(45.7667, 4.8803)).toMatchObject({
      name: 'Villeurbanne',
      country: 'France',
    });
  });

  it('finds the nearest place far from any town and wraps longitudes', async () => {
    const atSea = await gazetteer.reverse(0, -140);
    expect(atSea).not.toBeNull();
    expect(await gazetteer.reverse(45.75, 4.85 + 360)).toMatchObject({ name: 'Lyon' });
    expect((await gazetteer.reverse(-89.9, 0))?.country).toBe('Antarctica');
  });

  it('rejects impossible coordinates', async () => {
    await expect(gazetteer.reverse(91, 0)).rejects.toThrow(RangeError);
    await expect(gazetteer.reverse(Number.NaN, 0)).rejects.toThrow(RangeError);
  });
});

describe('gazetteer rules on a small map', () => {
  const place = (
    cityId: number,
    name: string,
    lat: number,
    lng: number,
    population: number,
    featureCode = 'PPL',
  ): RawCity => ({
    cityId,
    name,
    altName: '',
    country: 'US',
    featureCode,
    adminCode: 'KS',
    population,
    loc: { coordinates: [lng, lat] },
  });
  // At latitude 0 one degree of longitude is 111.2 km.
  const small = Gazetteer.build([
    place(1, 'Village', 0, 0, 1_000),
    place(2, 'Town', 0, 0.012, 50_000), // 1.3 km east of Village
    place(3, 'Metropolis', 0, 1, 4_000_000), // reaches ~11 km
    place(4, 'Hamlet', 0, 1.09, 1_200), // 10 km east of Metropolis
    place(5, 'Old Quarter', 0, 0.5, 900_000, 'PPLX'),
    place(6, 'Ghost Town', 0, -0.03, 90_000, 'PPLH'),
  ]);

  it('prefers the larger of two places at nearly the same distance', () => {
    // 4 km west of Village, 5.3 km west of Town; neither reaches that far.
    expect(small.reverseNow(0, -0.036)?.name).toBe('Town');
  });

  it('lets a city claim points within its reach, but not a village next to them', () => {
    expect(small.reverseNow(0, 1.05)?.name).toBe('Metropolis'); // 5.6 km from Metropolis, 4.4 km from Hamlet
    expect(small.reverseNow(0, 1.085)?.name).toBe('Hamlet'); // 0.6 km from Hamlet
  });

  it('never answers a neighbourhood or a former place', () => {
    expect(small.reverseNow(0, 0.5)?.name).not.toBe('Old Quarter');
    expect(small.searchNow('ghost')).toEqual([]);
    expect(small.searchNow('old')[0]).toMatchObject({ name: 'Old Quarter', region: 'Kansas' });
  });
});

describe('shared city lists', () => {
  it('has 8 popular and about 24 fallback cities, New York first', () => {
    expect(POPULAR_CITIES).toHaveLength(8);
    expect(FALLBACK_CITIES.length).toBeGreaterThanOrEqual(20);
    expect(POPULAR_CITIES[0]).toEqual(DEFAULT_LOCATION);
    expect(DEFAULT_LOCATION).toMatchObject({ lat: 40.7128, lng: -74.006 });
    expect(new Set(addresses([...FALLBACK_CITIES])).size).toBe(FALLBACK_CITIES.length);
  });

  it('spells every listed city as the gazetteer does', async () => {
    for (const city of FALLBACK_CITIES) {
      const [found] = await gazetteer.search(`${city.name}, ${city.country}`);
      expect(found, city.name).toMatchObject({
        name: city.name,
        region: city.region,
        country: city.country,
        address: city.address,
      });
      expect(Math.abs(found.lat - city.lat) + Math.abs(found.lng - city.lng), city.name).toBeLessThan(0.01);
    }
  });
});
