import type { JobModule } from '../../jobs/registry';
import { createTipChargeHandlers, type TipChargeDeps } from './tip-charge';

/** The tips' charge job (money lane), registered by server-context.ts. */
export function tipJobs(deps: TipChargeDeps): JobModule {
  return { name: 'tips', handlers: createTipChargeHandlers(deps) };
}
