import { z } from 'zod';
import { NOTIFICATION_CATEGORIES } from '../notify/notification-categories';
import { isoDateSchema, same } from './api-response-helpers';
import type {
  FailedDeliveryDto,
  NotificationPreferencesDto,
  PreferenceRowDto,
} from './notification-preferences.schemas';

/** The answers of the notification preferences and the admin's failed deliveries (issue 21). */

export const preferenceRowDtoSchema = z.object({
  category: z.enum(NOTIFICATION_CATEGORIES),
  label: z.string(),
  email: z.boolean(),
  push: z.boolean(),
});

export const notificationPreferencesDtoSchema = z
  .object({ preferences: z.array(preferenceRowDtoSchema), always_sent_note: z.string() })
  .meta({ id: 'NotificationPreferences' });

export const failedDeliveryDtoSchema = z
  .object({
    id: z.string(),
    channel: z.string(),
    notification_id: z.string().nullable(),
    attempts: z.number().int(),
    last_error: z.string().nullable(),
    created_at: isoDateSchema,
  })
  .meta({ id: 'FailedDelivery' });

export const failedDeliveriesSchema = z.object({ failures: z.array(failedDeliveryDtoSchema) });

same<z.output<typeof preferenceRowDtoSchema>, PreferenceRowDto>(true);
same<z.output<typeof notificationPreferencesDtoSchema>, NotificationPreferencesDto>(true);
same<z.output<typeof failedDeliveryDtoSchema>, FailedDeliveryDto>(true);
