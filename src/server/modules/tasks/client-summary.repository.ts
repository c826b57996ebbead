import { count, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { tasks } from '../../db/schema';

/** How many tasks a client has posted (tasks_client_created_idx), for the card the assigned expert sees. */
export async function countTasksPostedBy(db: Db, clientId: string): Promise<number> {
  const [row] = await db.select({ total: count() }).from(tasks).where(eq(tasks.client_id, clientId));
  return Number(row?.total ?? 0);
}
