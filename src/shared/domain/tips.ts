/**
 * Issue 51 (decision 0471): the tip's numbers. Kept out of the zod schemas so that the task page,
 * which shows the tip choices, does not load zod with its first screen (decision 0408).
 */
export const TIP_PERCENTS = [10, 15, 20] as const;
export const TIP = {
  /** The client may tip from completion for this long. */
  windowMs: 7 * 24 * 60 * 60 * 1000,
  minCents: 100,
  maxCents: 100_000,
} as const;
