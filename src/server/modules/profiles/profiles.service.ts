import { messages } from '@shared/messages';
import type { MeDto, OnboardingRequest, ProfileDto, RoleSwitchRequest, RoleSwitchResponse, UpdateNamesRequest } from '@shared/schemas/me.schemas';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { AppError, notFound } from '../../lib/errors';
import type { SessionUser } from '../../http/context';
import {
  completeClientOnboarding,
  ensureProfile,
  releasePushTokenElsewhere,
  rolesOf,
  startExpertOnboarding,
  updateProfileFields,
} from './profiles.repository';
import { readMe, type MeProfileRow } from './me-read';
import { switchToClient, switchToExpert } from './role-switch';

export function toProfileDto(row: MeProfileRow): ProfileDto {
  return {
    id: row.id,
    first_name: row.first_name,
    last_name: row.last_name,
    avatar_url: row.avatar_url,
    email: row.email,
    onboarding_completed: row.onboarding_completed,
    role_selected_at: row.role_selected_at?.toISOString() ?? null,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

function splitName(name: string): { first_name: string | null; last_name: string | null } {
  const [first, ...rest] = name.trim().split(/\s+/);
  return { first_name: first || null, last_name: rest.join(' ') || null };
}

export function createProfilesService(deps: { db: Db; clock: Clock }) {
  const { db, clock } = deps;

  async function profileFor(user: SessionUser & { firstName?: string; lastName?: string }) {
    const names =
      user.firstName !== undefined
        ? { first_name: user.firstName || null, last_name: user.lastName || null }
        : splitName(user.name);
    return ensureProfile(db, { id: user.id, email: user.email, ...names });
  }

  return {
    async me(user: SessionUser, session: { expiresAt: Date }): Promise<MeDto> {
      // One statement on every dashboard load; the profile is created (and roles read) only when missing.
      const { profile, roles } = (await readMe(db, user.id)) ?? {
        profile: await profileFor(user),
        roles: await rolesOf(db, user.id),
      };
      return {
        user: { id: user.id, email: user.email },
        profile: toProfileDto(profile),
        roles,
        session: { expiresAt: session.expiresAt.toISOString() },
      };
    },

    async completeOnboarding(user: SessionUser, request: OnboardingRequest): Promise<ProfileDto> {
      await profileFor(user);
      const now = clock.now();
      try {
        const row =
          request.role === 'client'
            ? await completeClientOnboarding(db, user.id, now)
            : await startExpertOnboarding(db, user.id, now);
        if (!row) throw notFound(messages.onboarding.failed);
        return toProfileDto(row);
      } catch (error) {
        if (error instanceof AppError) throw error;
        throw new AppError('internal', messages.onboarding.failed, { details: error });
      }
    },

    async updateNames(user: SessionUser, request: UpdateNamesRequest): Promise<ProfileDto> {
      await profileFor(user);
      const row = await updateProfileFields(db, user.id, request, clock.now());
      if (!row) throw notFound(messages.common.notFound);
      return toProfileDto(row);
    },

    /** The profile's role control: expert back to client, or a former expert back to expert. */
    async switchRole(user: SessionUser, request: RoleSwitchRequest): Promise<RoleSwitchResponse> {
      await profileFor(user);
      const changed = request.role === 'client' ? await switchToClient(db, user.id) : await switchToExpert(db, user.id);
      return { changed, roles: await rolesOf(db, user.id) };
    },

    async setPushToken(user: SessionUser, token: string | null): Promise<void> {
      await profileFor(user);
      const now = clock.now();
      await db.transaction(async (tx) => {
        if (token) await releasePushTokenElsewhere(tx, user.id, token, now);
        await updateProfileFields(tx, user.id, { fcm_token: token }, now);
      });
    },
  };
}

export type ProfilesService = ReturnType<typeof createProfilesService>;
