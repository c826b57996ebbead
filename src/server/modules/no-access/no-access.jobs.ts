import type { Db } from '../../db/client';
import type { JobModule } from '../../jobs/registry';
import type { Clock } from '../../lib/clock';
import { createNoAccessFeeHandlers } from './no-access-fee';

/** Issue 50: the call-out fee 48 hours after an uncontested no-access report (jobs/registry.ts). */
export function noAccessJobs(deps: { db: Db; clock: Clock }): JobModule {
  return { name: 'no-access', handlers: createNoAccessFeeHandlers(deps) };
}
