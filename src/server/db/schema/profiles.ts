import { sql } from 'drizzle-orm';
import {
  boolean,
  doublePrecision,
  index,
  integer,
  numeric,
  pgEnum,
  pgTable,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { authUsers } from './auth';
// Relative import: drizzle-kit loads this schema without the app's path aliases.
import {
  APP_ROLES,
  STRIPE_ACCOUNT_STATUSES,
  VERIFICATION_LEVELS,
  VERIFICATION_RECORD_STATUSES,
  VERIFICATION_STATUSES,
} from '../../../shared/domain/enums';

export const appRole = pgEnum('app_role', APP_ROLES);
export const verificationStatus = pgEnum('verification_status', VERIFICATION_STATUSES);
export const stripeAccountStatus = pgEnum('stripe_account_status', STRIPE_ACCOUNT_STATUSES);

export const profiles = pgTable(
  'profiles',
  {
    id: uuid('id')
      .primaryKey()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    first_name: text('first_name'),
    last_name: text('last_name'),
    avatar_url: text('avatar_url'),
    email: text('email'),
    onboarding_completed: boolean('onboarding_completed').notNull().default(false),
    role_selected_at: timestamp('role_selected_at', { withTimezone: true }),
    fcm_token: text('fcm_token'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('profiles_created_at_idx').on(t.created_at),
    // A device token belongs to one account at a time: storing it clears it elsewhere (native push).
    index('profiles_fcm_token_idx').on(t.fcm_token),
    // Admin user search is a case-insensitive match over names and email.
    index('profiles_search_trgm_idx').using(
      'gin',
      sql`(coalesce(${t.first_name}, '') || ' ' || coalesce(${t.last_name}, '') || ' ' || coalesce(${t.email}, '')) gin_trgm_ops`,
    ),
  ],
);

export const userRoles = pgTable(
  'user_roles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    user_id: uuid('user_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    role: appRole('role').notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('user_roles_user_role_unique').on(t.user_id, t.role), index('user_roles_role_idx').on(t.role)],
);

export const expertProfiles = pgTable(
  'expert_profiles',
  {
    // The expert profile's id equals the user id.
    id: uuid('id')
      .primaryKey()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    profile_id: uuid('profile_id')
      .notNull()
      .unique()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    bio: text('bio').notNull().default(''),
    expertise: text('expertise').array().notNull().default(sql`'{}'::text[]`),
    location: text('location'),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    // A storage key, never a public URL: documents are private (docs/decisions).
    document_url: text('document_url'),
    verification_status: verificationStatus('verification_status').notNull().default('pending'),
    stripe_account_id: text('stripe_account_id').unique(),
    stripe_onboarding_completed: boolean('stripe_onboarding_completed').notNull().default(false),
    stripe_account_status: stripeAccountStatus('stripe_account_status').notNull().default('pending'),
    stripe_onboarding_url: text('stripe_onboarding_url'),
    lpca_terms_accepted: boolean('lpca_terms_accepted').notNull().default(false),
    lpca_terms_accepted_at: timestamp('lpca_terms_accepted_at', { withTimezone: true }),
    avg_response_time_mins: integer('avg_response_time_mins'),
    success_rate: numeric('success_rate', { precision: 5, scale: 2, mode: 'number' }),
    avg_rating: numeric('avg_rating', { precision: 3, scale: 2, mode: 'number' }),
    review_count: integer('review_count').notNull().default(0),
    /** How often the expert left a task they were hired for (declined or abandoned); kept by a trigger (docs/decisions/0080). */
    assignments_left_count: integer('assignments_left_count').notNull().default(0),
    /** The expert takes invitations to apply from clients (issue 23, docs/decisions/0330). */
    accepts_invitations: boolean('accepts_invitations').notNull().default(true),
    /** The current trust badges, written with their expert_verification_records row (docs/decisions/0081). */
    community_trusted_at: timestamp('community_trusted_at', { withTimezone: true }),
    background_verified_at: timestamp('background_verified_at', { withTimezone: true }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Proximity checks and the map narrow payable experts by a lat/lng box.
    index('expert_profiles_payable_lat_lng_idx')
      .on(t.latitude, t.longitude)
      .where(
        sql`${t.stripe_onboarding_completed} = true and ${t.stripe_account_status} = 'active' and ${t.latitude} is not null and ${t.longitude} is not null`,
      ),
    index('expert_profiles_verification_status_idx').on(t.verification_status),
  ],
);

export const phoneVerifications = pgTable('phone_verifications', {
  user_id: uuid('user_id')
    .primaryKey()
    .references(() => profiles.id, { onDelete: 'cascade' }),
  phone_number: text('phone_number').notNull(),
  is_verified: boolean('is_verified').notNull().default(false),
  // SHA-256 of the code; the code itself is never stored (docs/decisions).
  verification_code: text('verification_code'),
  code_expires_at: timestamp('code_expires_at', { withTimezone: true }),
  verification_attempts: integer('verification_attempts').notNull().default(0),
  last_attempt_at: timestamp('last_attempt_at', { withTimezone: true }),
  updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const expertVerificationRecords = pgTable(
  'expert_verification_records',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    expert_id: uuid('expert_id')
      .notNull()
      .references(() => expertProfiles.id, { onDelete: 'cascade' }),
    verification_level: text('verification_level', { enum: VERIFICATION_LEVELS }).notNull(),
    status: text('status', { enum: VERIFICATION_RECORD_STATUSES }).notNull().default('pending'),
    metadata: text('metadata'),
    /** Who decided: `rule` (community trust), or the verification provider's name. */
    provider: text('provider'),
    /** The provider's id of the check (a verification session), unique per provider. */
    provider_reference: text('provider_reference'),
    decided_at: timestamp('decided_at', { withTimezone: true }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('expert_verification_records_expert_idx').on(t.expert_id, t.verification_level),
    uniqueIndex('expert_verification_records_reference_unique').on(t.provider, t.provider_reference),
    // One open request per expert and level: parallel "start" clicks share it.
    uniqueIndex('expert_verification_records_one_pending')
      .on(t.expert_id, t.verification_level)
      .where(sql`${t.status} = 'pending'`),
  ],
);
