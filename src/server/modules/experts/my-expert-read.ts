import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { definePreparedRead, jsonValueOf, withDates } from '../../db/prepared';
import { expertProfiles } from '../../db/schema';
import type { ExpertProfileRow } from './experts.repository';

/** Only the columns GET /api/experts/me answers with (experts.dto.ts); the document key is sent as a path. */
const COLUMNS = [
  'id', 'profile_id', 'bio', 'expertise', 'location', 'latitude', 'longitude', 'document_url',
  'verification_status', 'stripe_account_id', 'stripe_onboarding_completed', 'stripe_account_status',
  'lpca_terms_accepted', 'lpca_terms_accepted_at', 'created_at', 'updated_at',
] as const;
const DATES = ['lpca_terms_accepted_at', 'created_at', 'updated_at'] as const;

export type MyExpertRow = Pick<ExpertProfileRow, (typeof COLUMNS)[number]>;

// One jsonb value per row: the same types on PGlite's EXECUTE and on node-postgres (dates as ISO text).
const EXPERT_JSON = sql.raw(`jsonb_build_object(${COLUMNS.map((c) => `'${c}', "expert_profiles"."${c}"`).join(', ')})`);

const runMyExpert = definePreparedRead<'userId', { data: MyExpertRow | string }>('my_expert_read', (db, name) =>
  db
    .select({ data: sql<MyExpertRow>`${EXPERT_JSON}`.as('data') })
    .from(expertProfiles)
    .where(sql`${expertProfiles.id} = ${sql.placeholder('userId')}::uuid`)
    .prepare(name),
);

/** The signed-in user's own expert profile in one prepared statement (primary key), or undefined. */
export async function readMyExpertProfile(db: Db, userId: string): Promise<MyExpertRow | undefined> {
  const [row] = await runMyExpert(db, { userId });
  return row ? withDates(jsonValueOf(row.data), DATES) : undefined;
}
