import { taskAlertSettingsSchema } from '@shared/schemas/task-alerts.schemas';
import { taskAlertSettingsDtoSchema } from '@shared/schemas/task-alerts-api.schemas';
import type { RouteDoc } from '../route-doc';

/** Issue 19: an expert's alerts for new tasks nearby. */
export const taskAlertsDocs: RouteDoc[] = [
  {
    route: 'GET /api/task-alert-settings',
    summary: 'My task alert settings (experts)',
    access: 'user',
    responses: { 200: taskAlertSettingsDtoSchema },
  },
  {
    route: 'PUT /api/task-alert-settings',
    summary: 'Save my task alert settings: radius, categories, minimum budget (experts)',
    access: 'user',
    body: taskAlertSettingsSchema,
    responses: { 200: taskAlertSettingsDtoSchema },
  },
];
