import { z } from 'zod';
import { isoDateSchema, same } from './api-response-helpers';
import type { WebPushKeyDto, WebPushSubscriptionDto } from './web-push.schemas';

/** The answers of the browser web push routes (issue 21), checked against web-push.schemas.ts. */

export const webPushKeyDtoSchema = z.object({ public_key: z.string() });

export const webPushSubscriptionDtoSchema = z
  .object({ id: z.string(), endpoint: z.string(), created_at: isoDateSchema })
  .meta({ id: 'WebPushSubscription' });

same<z.output<typeof webPushKeyDtoSchema>, WebPushKeyDto>(true);
same<z.output<typeof webPushSubscriptionDtoSchema>, WebPushSubscriptionDto>(true);
