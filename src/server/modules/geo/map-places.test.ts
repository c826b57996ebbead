import { describe, expect, it } from 'vitest';
import type { MapLocationDto } from '@shared/schemas/geo.schemas';
import {
  countTasksNear,
  describePlace,
  matchesSearch,
  mergeExpertCells,
  placeKey,
  type ExpertCell,
} from './map-places';

const cell = (label: string, experts: number, latitude: number, longitude: number): ExpertCell => ({
  label,
  experts,
  latSum: latitude * experts,
  lngSum: longitude * experts,
});

describe('mergeExpertCells', () => {
  it('joins cells of one place name that straddle a cell border, weighting the centre by experts', () => {
    const places = mergeExpertCells([
      cell('Austin, Texas', 3, 30.26, -97.74),
      cell('austin, TX', 1, 30.34, -97.74),
    ]);
    expect(places).toHaveLength(1);
    expect(places[0].experts).toBe(4);
    expect(places[0].latitude).toBeCloseTo(30.28, 5);
    expect(places[0].label).toBe('Austin, Texas');
  });

  it('keeps same-named places far apart separate, and different names at one spot separate', () => {
    const places = mergeExpertCells([
      cell('Portland, Oregon', 2, 45.52, -122.68),
      cell('Portland, Maine', 1, 43.66, -70.26),
      cell('Brooklyn, New York', 1, 40.68, -73.94),
      cell('New York, New York', 5, 40.71, -74.0),
    ]);
    expect(places.map((p) => [p.key, p.experts])).toEqual([
      ['new york', 5],
      ['portland', 2],
      ['brooklyn', 1],
      ['portland', 1],
    ]);
  });

  it('treats accents and case as the same name', () => {
    expect(placeKey('São Paulo, Brazil')).toBe(placeKey('SAO PAULO'));
    expect(
      mergeExpertCells([cell('São Paulo', 1, -23.55, -46.63), cell('Sao Paulo', 1, -23.56, -46.64)]),
    ).toHaveLength(1);
  });
});

describe('countTasksNear', () => {
  const cells = [
    { latitude: 30.27, longitude: -97.74, tasks: 2 }, // in Austin
    { latitude: 30.5, longitude: -97.74, tasks: 1 }, // ~16 miles north
    { latitude: 30.9, longitude: -97.74, tasks: 5 }, // ~43 miles north
    { latitude: 29.42, longitude: -98.49, tasks: 7 }, // San Antonio, ~75 miles away
  ];

  it('counts the tasks within the radius only', () => {
    expect(countTasksNear(30.27, -97.74, cells)).toBe(3);
    expect(countTasksNear(30.27, -97.74, cells, 50)).toBe(8);
    expect(countTasksNear(0, 0, cells)).toBe(0);
  });
});

describe('describePlace', () => {
  const austin = {
    key: 'austin',
    label: 'Austin, Texas',
    experts: 3,
    latitude: 30.267212,
    longitude: -97.743118,
  };

  it('names the place from the text and takes the country from the geocoder, rounding the centre', () => {
    const geocoded = {
      name: 'Austin',
      lat: 30.27,
      lng: -97.74,
      address: '',
      country: 'United States',
      region: 'Texas',
    };
    expect(describePlace(austin, geocoded, 4)).toEqual({
      name: 'Austin',
      region: 'Texas',
      country: 'United States',
      latitude: 30.27,
      longitude: -97.74,
      expert_count: 3,
      recent_tasks: 4,
    });
  });

  it('falls back to the text parts when the geocoder knows nothing', () => {
    const place = describePlace({ ...austin, label: 'Austin, Texas, United States' }, null, 0);
    expect([place.name, place.region, place.country]).toEqual(['Austin', 'Texas', 'United States']);
    const bare = describePlace({ ...austin, label: 'Austin' }, null, 0);
    expect([bare.name, bare.region, bare.country]).toEqual(['Austin', null, '']);
  });

  it('does not repeat the country as the region, and names a textless place from the geocoder', () => {
    const geocoded = {
      name: 'Mexico City',
      lat: 19.43,
      lng: -99.13,
      address: '',
      country: 'Mexico',
      region: null,
    };
    expect(describePlace({ ...austin, label: 'Mexico City, Mexico' }, geocoded, 0).region).toBeNull();
    expect(describePlace({ ...austin, label: '' }, geocoded, 0).name).toBe('Mexico City');
  });
});

describe('matchesSearch', () => {
  const location: MapLocationDto = {
    name: 'São Paulo',
    region: 'São Paulo',
    country: 'Brazil',
    latitude: -23.55,
    longitude: -46.63,
    expert_count: 1,
    recent_tasks: 0,
  };

  it('matches name, region or country case- and accent-insensitively', () => {
    expect(matchesSearch(location, 'sao')).toBe(true);
    expect(matchesSearch(location, 'BRAZ')).toBe(true);
    expect(matchesSearch(location, 'paulo')).toBe(true);
    expect(matchesSearch(location, 'texas')).toBe(false);
    expect(matchesSearch(location, '  ')).toBe(true);
    expect(matchesSearch(location, undefined)).toBe(true);
  });
});
