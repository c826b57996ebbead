import type { Env } from '../../env';
import type { WebhookTargetPolicy } from './webhook-targets';

/** Production always sends to public addresses only, whatever WEBHOOK_TARGETS says. */
export const webhookPolicyOf = (env: Pick<Env, 'NODE_ENV' | 'WEBHOOK_TARGETS'>): WebhookTargetPolicy =>
  env.NODE_ENV === 'production' ? 'public' : (env.WEBHOOK_TARGETS ?? 'local');
