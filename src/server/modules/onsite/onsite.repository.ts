import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { profiles, taskAppointments, tasks } from '../../db/schema';

/** Sets the person on site; the link's version moves on so that an earlier link stops working. */
export async function setOnsiteContact(
  tx: Db,
  params: { taskId: string; name: string; email: string | null; phone: string | null; now: Date },
) {
  const [row] = await tx
    .update(taskAppointments)
    .set({
      onsite_name: params.name,
      onsite_email: params.email,
      onsite_phone: params.phone,
      onsite_token_version: sql`${taskAppointments.onsite_token_version} + 1`,
      onsite_confirmed_at: null,
      updated_at: params.now,
    })
    .where(eq(taskAppointments.task_id, params.taskId))
    .returning();
  return row!;
}

/** What the on-site page may show: the address, the window, the expert's first name and photo. Nothing else. */
export async function readOnsiteView(db: Db, taskId: string) {
  const [row] = await db
    .select({
      task_id: tasks.id,
      status: tasks.status,
      payment_status: tasks.payment_status,
      authorization_hold_expires_at: tasks.authorization_hold_expires_at,
      location: tasks.location,
      latitude: tasks.latitude,
      longitude: tasks.longitude,
      time_zone: tasks.time_zone,
      client_id: tasks.client_id,
      expert_id: tasks.expert_id,
      title: tasks.title,
      expert_first_name: profiles.first_name,
      expert_avatar_url: profiles.avatar_url,
      appointment: taskAppointments,
    })
    .from(tasks)
    .innerJoin(taskAppointments, eq(taskAppointments.task_id, tasks.id))
    .leftJoin(profiles, eq(profiles.id, tasks.expert_id))
    .where(eq(tasks.id, taskId));
  return row;
}

/** Conditional: the contact of this link version confirms the agreed window of this sequence, once. */
export async function confirmOnsite(
  tx: Db,
  params: { taskId: string; version: number; sequence: number; now: Date },
) {
  const rows = await tx
    .update(taskAppointments)
    .set({ onsite_confirmed_at: params.now, updated_at: params.now })
    .where(
      and(
        eq(taskAppointments.task_id, params.taskId),
        eq(taskAppointments.onsite_token_version, params.version),
        eq(taskAppointments.sequence, params.sequence),
        sql`${taskAppointments.agreed_start} is not null`,
      ),
    )
    .returning({ task_id: taskAppointments.task_id });
  return rows.length > 0;
}
