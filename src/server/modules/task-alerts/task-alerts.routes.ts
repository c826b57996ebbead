import { Hono } from 'hono';
import { reachMessages } from '@shared/messages/reach';
import {
  TASK_ALERT_HOURLY_CAP,
  taskAlertSettingsSchema,
  type TaskAlertSettingsDto,
} from '@shared/schemas/task-alerts.schemas';
import type { AppDeps } from '../../app-deps';
import { requireUser, type AppEnv } from '../../http/context';
import { jsonBody } from '../../http/validation';
import { forbidden } from '../../lib/errors';
import { rolesOf } from '../profiles/profiles.repository';
import { readTaskAlertSettings, saveTaskAlertSettings } from './task-alerts.repository';

async function requireExpert(deps: AppDeps, userId: string): Promise<void> {
  if (!(await rolesOf(deps.db, userId)).isExpert) throw forbidden(reachMessages.alertsExpertsOnly);
}

async function settingsOf(deps: AppDeps, userId: string): Promise<TaskAlertSettingsDto> {
  return { ...(await readTaskAlertSettings(deps.db, userId)), hourly_cap: TASK_ALERT_HOURLY_CAP };
}

/** An expert's task alerts: radius, categories, minimum budget (issue 19, docs/notifications.md). */
export function taskAlertsRoutes(deps: AppDeps) {
  return new Hono<AppEnv>()
    .get('/task-alert-settings', async (c) => {
      const user = requireUser(c);
      await requireExpert(deps, user.id);
      return c.json(await settingsOf(deps, user.id));
    })
    .put('/task-alert-settings', async (c) => {
      const user = requireUser(c);
      await requireExpert(deps, user.id);
      const input = await jsonBody(c, taskAlertSettingsSchema);
      await saveTaskAlertSettings(deps.db, user.id, input, deps.clock.now());
      return c.json(await settingsOf(deps, user.id));
    });
}
