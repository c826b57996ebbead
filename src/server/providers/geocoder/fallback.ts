import type { Geocoder, LocationResult } from './geocoder';

export interface FallbackOptions {
  /** Told about every primary failure that was answered by the fallback (for logging). */
  onFallback?: (error: unknown, operation: 'search' | 'reverse') => void;
  /** After this many failures in a row the primary is skipped for `cooldownMs`. */
  failureThreshold?: number;
  cooldownMs?: number;
  now?: () => number;
}

const DEFAULT_FAILURE_THRESHOLD = 3;
const DEFAULT_COOLDOWN_MS = 30_000;

/**
 * A geocoder that asks `primary` and, when it fails or times out, answers from `fallback`.
 * While the primary is down, every request would first wait for its timeout (5 s); so after a few
 * failures in a row the primary is left alone for a cool-down and the fallback answers at once.
 * An empty or null answer is an answer, not a failure. Invalid coordinates (RangeError) are the
 * caller's mistake and are rethrown as they are.
 */
export function withFallback(primary: Geocoder, fallback: Geocoder, options: FallbackOptions = {}): Geocoder {
  const threshold = options.failureThreshold ?? DEFAULT_FAILURE_THRESHOLD;
  const cooldownMs = options.cooldownMs ?? DEFAULT_COOLDOWN_MS;
  const now = options.now ?? Date.now;
  let failuresInRow = 0;
  let skipPrimaryUntil = 0;

  async function run<T>(
    operation: 'search' | 'reverse',
    ask: (geocoder: Geocoder) => Promise<T>,
  ): Promise<T> {
    if (now() < skipPrimaryUntil) return ask(fallback);
    try {
      const answer = await ask(primary);
      failuresInRow = 0;
      return answer;
    } catch (error) {
      if (error instanceof RangeError) throw error;
      failuresInRow += 1;
      if (failuresInRow >= threshold) {
        failuresInRow = 0;
        skipPrimaryUntil = now() + cooldownMs;
      }
      options.onFallback?.(error, operation);
      return ask(fallback);
    }
  }

  return {
    search: (query: string, limit?: number): Promise<LocationResult[]> =>
      run('search', (geocoder) => geocoder.search(query, limit)),
    reverse: (lat: number, lng: number): Promise<LocationResult | null> =>
      run('reverse', (geocoder) => geocoder.reverse(lat, lng)),
  };
}
