import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

/**
 * Many payable experts with task alerts on around one point, written set-based (signing up
 * thousands through the auth API would take minutes): for the task-alerts bench and the chunked
 * fan-out test. Ids are `<prefix>` followed by hex digits, so two seeds with different one-letter
 * prefixes never collide.
 */
export async function seedAlertedExperts(
  db: Db,
  params: { count: number; latitude: number; longitude: number; prefix: string; spreadDegrees?: number },
): Promise<void> {
  if (!/^[a-f]$/.test(params.prefix)) throw new Error('seedAlertedExperts: the prefix is one hex letter');
  const id = sql.raw(`('${params.prefix}' || lpad(to_hex(g), 31, '0'))::uuid`);
  const email = sql.raw(`'${params.prefix}' || g || '@seed.test'`);
  const spread = params.spreadDegrees ?? 0.8;
  const n = params.count;
  await db.execute(sql`insert into auth_users (id, name, email, email_verified)
    select ${id}, 'Seeded Expert', ${email}, true from generate_series(1, ${n}) g`);
  await db.execute(sql`insert into profiles (id, first_name, last_name, email, onboarding_completed)
    select ${id}, 'Seeded', 'Expert', ${email}, true from generate_series(1, ${n}) g`);
  await db.execute(sql`insert into expert_profiles (id, profile_id, latitude, longitude, verification_status, stripe_onboarding_completed, stripe_account_status)
    select ${id}, ${id}, ${params.latitude}::float8 + (random() - 0.5) * ${spread}::float8,
      ${params.longitude}::float8 + (random() - 0.5) * ${spread}::float8, 'verified', true, 'active'
    from generate_series(1, ${n}) g`);
  await db.execute(sql`insert into user_roles (user_id, role) select ${id}, 'expert' from generate_series(1, ${n}) g`);
  await db.execute(sql`insert into task_alert_settings (user_id, enabled) select ${id}, true from generate_series(1, ${n}) g`);
}
