import { describe, expect, it } from 'vitest';
import { deviceKindOf } from './device-kind';

const UA = {
  iPhone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  iPad: 'Mozilla/5.0 (iPad; CPU OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.6 Mobile/15E148 Safari/604.1',
  androidPhone:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36',
  androidTablet:
    'Mozilla/5.0 (Linux; Android 13; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
  mac: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
  windows: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
};

describe('deviceKindOf', () => {
  it('tells phones, tablets and computers apart by their User-Agent', () => {
    expect(deviceKindOf(UA.iPhone)).toBe('phone');
    expect(deviceKindOf(UA.androidPhone)).toBe('phone');
    expect(deviceKindOf(UA.iPad)).toBe('tablet');
    expect(deviceKindOf(UA.androidTablet)).toBe('tablet');
    expect(deviceKindOf(UA.mac)).toBe('computer');
    expect(deviceKindOf(UA.windows)).toBe('computer');
    expect(deviceKindOf(null)).toBe('computer');
  });
});
