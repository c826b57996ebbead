import { eq, sql } from 'drizzle-orm';
import { EARTH_RADIUS_MILES } from '@shared/domain/geo';
import type { TaskAlertSettingsInput } from '@shared/schemas/task-alerts.schemas';
import type { Db } from '../../db/client';
import { expertProfiles, taskAlertSettings } from '../../db/schema';

const METERS_PER_MILE = 1609.344;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const DEFAULT_TASK_ALERT_SETTINGS: TaskAlertSettingsInput = {
  enabled: false,
  radius_miles: 100,
  categories: [],
  min_budget: 0,
};

export async function readTaskAlertSettings(
  db: Db,
  userId: string,
): Promise<TaskAlertSettingsInput & { has_location: boolean }> {
  const [row] = await db
    .select({ settings: taskAlertSettings, latitude: expertProfiles.latitude })
    .from(expertProfiles)
    .leftJoin(taskAlertSettings, eq(taskAlertSettings.user_id, expertProfiles.id))
    .where(eq(expertProfiles.id, userId));
  const settings = row?.settings;
  return {
    ...(settings
      ? {
          enabled: settings.enabled,
          radius_miles: settings.radius_miles,
          categories: settings.categories as TaskAlertSettingsInput['categories'],
          min_budget: settings.min_budget,
        }
      : DEFAULT_TASK_ALERT_SETTINGS),
    has_location: row?.latitude != null,
  };
}

export async function saveTaskAlertSettings(
  db: Db,
  userId: string,
  input: TaskAlertSettingsInput,
  now: Date,
): Promise<void> {
  const values = { ...input, updated_at: now };
  await db
    .insert(taskAlertSettings)
    .values({ user_id: userId, ...values })
    .onConflictDoUpdate({ target: taskAlertSettings.user_id, set: values });
}

export interface AlertTask {
  id: string;
  client_id: string;
  category: string;
  budget: number;
  latitude: number;
  longitude: number;
}

/**
 * The experts to alert of a task: payable, alerts on, the task within their own radius, category
 * and budget matching, never the client themself. The GiST index expert_profiles_payable_earth_idx
 * narrows to a cube around the task (the predicate repeats the index's WHERE so the planner can
 * use it); the exact great-circle distance then applies each expert's radius.
 */
export async function findExpertsToAlert(
  db: Db,
  task: AlertTask,
): Promise<Array<{ expert_id: string; miles: number }>> {
  const lat = task.latitude;
  const lng = task.longitude;
  const boxMeters = 100 * METERS_PER_MILE * 1.01;
  const result = await db.execute(sql`
    select expert_id, miles from (
      select e.id as expert_id, s.radius_miles,
        2 * ${EARTH_RADIUS_MILES}::float8 * asin(least(1, sqrt(
          power(sin(radians(e.latitude - ${lat}::float8) / 2), 2)
          + cos(radians(${lat}::float8)) * cos(radians(e.latitude))
            * power(sin(radians(e.longitude - ${lng}::float8) / 2), 2)))) as miles
      from expert_profiles e
      join task_alert_settings s on s.user_id = e.id and s.enabled = true
      where e.stripe_onboarding_completed = true and e.stripe_account_status = 'active'
        and e.latitude is not null and e.longitude is not null and ll_to_earth(e.latitude, e.longitude) is not null
        and earth_box(ll_to_earth(${lat}::float8, ${lng}::float8), ${boxMeters}::float8) @> ll_to_earth(e.latitude, e.longitude)
        and e.id <> ${task.client_id}::uuid
        and (cardinality(s.categories) = 0 or ${task.category}::text = any(s.categories))
        and s.min_budget <= ${task.budget}
    ) near
    where miles <= radius_miles`);
  const rows =
    (result as unknown as { rows?: Array<{ expert_id: string; miles: number | string }> }).rows ?? [];
  return rows.map((row) => ({ expert_id: row.expert_id, miles: Number(row.miles) }));
}

/**
 * Records the alerts of one task, once per expert (the primary key), and decides which are instant:
 * an expert who had fewer than `cap` instant alerts in the hour before `now` gets one; the others
 * wait for the digest. Returns only the rows this call created.
 */
export async function recordTaskAlerts(
  db: Db,
  params: { taskId: string; expertIds: string[]; now: Date; cap: number },
): Promise<Array<{ expert_id: string; instant: boolean }>> {
  if (params.expertIds.length === 0) return [];
  const hourAgo = new Date(params.now.getTime() - 60 * 60 * 1000);
  // The ids come from findExpertsToAlert; checked anyway, since they are spliced into an array literal.
  if (!params.expertIds.every((id) => UUID.test(id))) throw new Error('recordTaskAlerts: not a uuid');
  const ids = sql.raw(`'{${params.expertIds.join(',')}}'::uuid[]`);
  const result = await db.execute(sql`
    insert into task_alerts (expert_id, task_id, instant, created_at)
    select x.id, ${params.taskId}::uuid,
      (select count(*) from task_alerts a
        where a.expert_id = x.id and a.instant and a.created_at > ${hourAgo.toISOString()}::timestamptz) < ${params.cap},
      ${params.now.toISOString()}::timestamptz
    from unnest(${ids}) as x(id)
    on conflict do nothing
    returning expert_id, instant`);
  return (result as unknown as { rows?: Array<{ expert_id: string; instant: boolean }> }).rows ?? [];
}

/** Marks an expert's waiting alerts as digested and returns how many there were. */
export async function takeDigestAlerts(db: Db, params: { expertId: string; now: Date }): Promise<number> {
  const result = await db.execute(sql`
    update task_alerts set digested_at = ${params.now.toISOString()}::timestamptz
    where expert_id = ${params.expertId}::uuid and not instant and digested_at is null
    returning task_id`);
  return ((result as unknown as { rows?: unknown[] }).rows ?? []).length;
}
