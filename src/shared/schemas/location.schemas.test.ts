import { describe, expect, it } from 'vitest';
import { manualCoordinatesSchema } from './location.schemas';

describe('manualCoordinatesSchema', () => {
  it('reads typed coordinates', () => {
    expect(manualCoordinatesSchema.parse({ latitude: ' 40.7128 ', longitude: '-74.006' })).toEqual({
      latitude: 40.7128,
      longitude: -74.006,
    });
    expect(manualCoordinatesSchema.parse({ latitude: 90, longitude: -180 })).toEqual({
      latitude: 90,
      longitude: -180,
    });
  });

  it.each([
    { latitude: 'abc', longitude: '1' },
    { latitude: '', longitude: '1' },
    { latitude: '1', longitude: undefined },
    { latitude: '91', longitude: '1' },
    { latitude: '1', longitude: '181' },
  ])('%j -> Invalid coordinates', (value) => {
    expect(manualCoordinatesSchema.safeParse(value).error?.issues[0].message).toBe('Invalid coordinates');
  });
});
