import { z } from 'zod';
import { same } from './api-response-helpers';
import { taskAlertSettingsSchema, type TaskAlertSettingsDto } from './task-alerts.schemas';

/** GET and PUT /api/task-alert-settings (issue 21): the saved settings, checked against TaskAlertSettingsDto. */
export const taskAlertSettingsDtoSchema = taskAlertSettingsSchema
  .extend({ has_location: z.boolean(), hourly_cap: z.number().int() })
  .meta({ id: 'TaskAlertSettings' });

same<z.output<typeof taskAlertSettingsDtoSchema>, TaskAlertSettingsDto>(true);
