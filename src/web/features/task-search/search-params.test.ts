import { describe, expect, it } from 'vitest';
import { apiQuery, readSearchState, writeSearchState } from './search-params';

describe('task search filters in the address', () => {
  it('round-trips every filter through the URL and sends cents to the API', () => {
    const params = new URLSearchParams('category=vehicle&urgency=high&miles=25&min=50&max=300&due=2026-12-01&sort=budget&lat=40.5&lng=-74.25&near=Newark&view=map&page=3');
    const state = readSearchState(params);
    expect(state).toEqual({
      category: 'vehicle',
      urgency: 'high',
      radius: 25,
      minDollars: 50,
      maxDollars: 300,
      dueBefore: '2026-12-01',
      sort: 'budget',
      place: { latitude: 40.5, longitude: -74.25, label: 'Newark' },
      view: 'map',
      page: 3,
    });
    expect(readSearchState(writeSearchState(state))).toEqual(state);
    expect(apiQuery(state, 20)).toMatchObject({ budget_min: 5000, budget_max: 30000, radius_miles: 25, latitude: 40.5, page: 3 });
  });

  it('drops values an edited URL cannot mean, and leaves defaults out of the URL', () => {
    const state = readSearchState(new URLSearchParams('category=boats&miles=500&min=-3&due=soon&sort=x&lat=91&lng=0&page=0'));
    expect(state).toEqual({ radius: 100, sort: 'newest', view: 'list', page: 1 });
    expect(writeSearchState(state).toString()).toBe('');
  });
});
