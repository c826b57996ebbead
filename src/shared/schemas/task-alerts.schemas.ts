import { z } from 'zod';
import { TASK_CATEGORIES } from '../domain/enums';
import { PROXIMITY } from '../constants';
import { reachMessages } from '../messages/reach';

/** How many instant task alerts an expert gets in an hour; the rest wait for one digest. */
export const TASK_ALERT_HOURLY_CAP = 5;

/** PUT /api/task-alert-settings. The radius cannot pass the product's service radius. */
export const taskAlertSettingsSchema = z.object({
  enabled: z.boolean(),
  radius_miles: z
    .number({ message: reachMessages.alertsRadiusInvalid })
    .int({ message: reachMessages.alertsRadiusInvalid })
    .min(1, { message: reachMessages.alertsRadiusInvalid })
    .max(PROXIMITY.expertRadiusMiles, { message: reachMessages.alertsRadiusInvalid }),
  categories: z.array(z.enum(TASK_CATEGORIES)).max(TASK_CATEGORIES.length),
  /** Cents. */
  min_budget: z.number().int().min(0).max(100_000_000),
});
export type TaskAlertSettingsInput = z.infer<typeof taskAlertSettingsSchema>;

export interface TaskAlertSettingsDto extends TaskAlertSettingsInput {
  /** False when the expert has no service location yet: alerts cannot reach them. */
  has_location: boolean;
  hourly_cap: number;
}
