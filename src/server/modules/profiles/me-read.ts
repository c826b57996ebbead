import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { definePreparedRead, jsonValueOf, withDates } from '../../db/prepared';
import { profiles } from '../../db/schema';
import type { ProfileRow } from './profiles.repository';

/** Only the columns GET /api/me answers with (toProfileDto); the push token stays in the database. */
const COLUMNS = [
  'id', 'first_name', 'last_name', 'avatar_url', 'email', 'onboarding_completed', 'role_selected_at',
  'created_at', 'updated_at',
] as const;
const DATES = ['role_selected_at', 'created_at', 'updated_at'] as const;

export type MeProfileRow = Pick<ProfileRow, (typeof COLUMNS)[number]>;

interface RawMe {
  profile: MeProfileRow;
  roles: string[];
}

// The profile and the caller's roles (user_roles_user_role_unique) as one jsonb value.
const ME_JSON = sql.raw(`jsonb_build_object(
  'profile', jsonb_build_object(${COLUMNS.map((c) => `'${c}', "profiles"."${c}"`).join(', ')}),
  'roles', coalesce((select jsonb_agg(ur.role) from user_roles ur where ur.user_id = "profiles"."id"), '[]'::jsonb))`);

const runMe = definePreparedRead<'userId', { data: RawMe | string }>('me_read', (db, name) =>
  db
    .select({ data: sql<RawMe>`${ME_JSON}`.as('data') })
    .from(profiles)
    .where(sql`${profiles.id} = ${sql.placeholder('userId')}::uuid`)
    .prepare(name),
);

/**
 * The signed-in user's profile and roles in one prepared statement (docs/decisions/0101), or
 * undefined when the profile row does not exist yet (the caller creates it).
 */
export async function readMe(
  db: Db,
  userId: string,
): Promise<{ profile: MeProfileRow; roles: { isAdmin: boolean; isExpert: boolean } } | undefined> {
  const [row] = await runMe(db, { userId });
  if (!row) return undefined;
  const raw = jsonValueOf(row.data);
  return {
    profile: withDates(raw.profile, DATES),
    roles: { isAdmin: raw.roles.includes('admin'), isExpert: raw.roles.includes('expert') },
  };
}
