import { z } from 'zod';
import { NOTIFICATION_CATEGORIES, NOTIFICATION_CHANNELS } from '../notify/notification-categories';

export const preferenceChoiceSchema = z.object({
  category: z.enum(NOTIFICATION_CATEGORIES),
  channel: z.enum(NOTIFICATION_CHANNELS),
  enabled: z.boolean(),
});

/** PUT /api/notification-preferences: the switches that changed. */
export const savePreferencesSchema = z.object({
  preferences: z.array(preferenceChoiceSchema).min(1).max(NOTIFICATION_CATEGORIES.length * NOTIFICATION_CHANNELS.length),
});
export type SavePreferencesRequest = z.infer<typeof savePreferencesSchema>;

export interface PreferenceRowDto {
  category: (typeof NOTIFICATION_CATEGORIES)[number];
  label: string;
  email: boolean;
  push: boolean;
}

export interface NotificationPreferencesDto {
  preferences: PreferenceRowDto[];
  /** Said next to the switches: money and security mails always go out. */
  always_sent_note: string;
}

export const unsubscribeParamsSchema = z.object({ token: z.string().min(10).max(300) });

export interface FailedDeliveryDto {
  id: string;
  channel: string;
  notification_id: string | null;
  attempts: number;
  last_error: string | null;
  created_at: string;
}
