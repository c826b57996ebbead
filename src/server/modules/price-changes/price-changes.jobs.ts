import type { JobModule } from '../../jobs/registry';
import { createPriceChangeHoldHandlers, type PriceChangeHoldDeps } from './price-change-hold';

/** Issue 51: the hold of an approved price increase (jobs/registry.ts). */
export function priceChangeJobs(deps: PriceChangeHoldDeps): JobModule {
  return { name: 'price-changes', handlers: createPriceChangeHoldHandlers(deps) };
}
