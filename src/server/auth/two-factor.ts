import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { twoFactor } from 'better-auth/plugins';
import { symmetricEncrypt } from 'better-auth/crypto';
import { createOTP } from '@better-auth/utils/otp';
import type { BetterAuthPlugin } from 'better-auth';
import { APIError, createAuthMiddleware, getSessionFromCtx } from 'better-auth/api';
import { accountControlMessages } from '@shared/messages/account-control';
import type { Db } from '../db/client';
import { authTwoFactors, authUsers } from '../db/schema';

/** Trusted devices skip the code for 30 days (a signed cookie plus a verification row). */
export const TRUST_DEVICE_SECONDS = 30 * 24 * 60 * 60;

/**
 * The fixed TOTP secret of the demo admin (development and tests only; README "Demo accounts").
 * Authenticator apps take it in base32: see DEMO_TOTP_SECRET_BASE32.
 */
export const DEMO_ADMIN_EMAIL = 'admin@example.com';
export const DEMO_TOTP_SECRET = 'demo-admin-totp-secret-000000000';
export const DEMO_TOTP_SECRET_BASE32 = 'MRSW23ZNMFSG22LOFV2G65DQFVZWKY3SMV2C2MBQGAYDAMBQGAYA';

/** The current 6-digit code of a raw TOTP secret (what an authenticator app shows). */
export function totpCodeOf(secret: string): Promise<string> {
  return createOTP(secret).totp();
}

/**
 * Better Auth's two-factor plugin: TOTP and single-use backup codes, trusted devices for 30 days.
 * Code attempts are limited three ways: five per sign-in challenge, ten consecutive failures lock the
 * account's second factor for 15 minutes, and the per-address auth rate limit of "/two-factor/*".
 */
export function twoFactorPlugin(appName: string) {
  return twoFactor({
    issuer: appName,
    trustDeviceMaxAge: TRUST_DEVICE_SECONDS,
    accountLockout: { enabled: true, maxFailedAttempts: 10, durationSeconds: 15 * 60 },
    backupCodeOptions: { amount: 10, length: 10 },
  });
}

/**
 * Turns two-factor sign-in on for a user with a known TOTP secret, bypassing the setup flow: the
 * demo admin's seed and the API tests' admins. The secret is stored encrypted exactly as the plugin
 * stores it, so sign-in verifies codes of `totpSecret` the ordinary way.
 */
export async function enableTwoFactorWithSecret(
  db: Db,
  params: { userId: string; totpSecret: string; authSecret: string; backupCodes?: string[] },
) {
  const secret = await symmetricEncrypt({ key: params.authSecret, data: params.totpSecret });
  const backupCodes = await symmetricEncrypt({ key: params.authSecret, data: JSON.stringify(params.backupCodes ?? []) });
  await db.transaction(async (tx) => {
    await tx.delete(authTwoFactors).where(eq(authTwoFactors.userId, params.userId));
    await tx.insert(authTwoFactors).values({ id: randomUUID(), userId: params.userId, secret, backupCodes, verified: true });
    await tx.update(authUsers).set({ twoFactorEnabled: true }).where(eq(authUsers.id, params.userId));
  });
}

/**
 * Outside production the demo admin signs in with two-factor on and the documented demo secret
 * (README). Run at start-up rather than in the seed, so that a prebuilt database and any AUTH_SECRET
 * get it encrypted with the key this server uses. Does nothing once the admin has a second factor.
 */
export async function ensureDemoAdminTwoFactor(db: Db, params: { email: string; authSecret: string }) {
  const [admin] = await db.select({ id: authUsers.id }).from(authUsers).where(eq(authUsers.email, params.email));
  if (!admin) return;
  const [existing] = await db.select({ id: authTwoFactors.id }).from(authTwoFactors).where(eq(authTwoFactors.userId, admin.id));
  if (existing) return;
  await enableTwoFactorWithSecret(db, { userId: admin.id, totpSecret: DEMO_TOTP_SECRET, authSecret: params.authSecret });
}

/**
 * Admins keep their second factor: "/two-factor/disable" answers 403 to an admin (the admin routes
 * would refuse them anyway; this keeps the account from silently dropping to a password alone).
 */
export function adminsKeepTwoFactor(db: Db, rolesOf: (db: Db, userId: string) => Promise<{ isAdmin: boolean }>) {
  return {
    id: 'admins-keep-two-factor',
    hooks: {
      before: [
        {
          matcher: (context: { path?: string }) => context.path === '/two-factor/disable',
          handler: createAuthMiddleware(async (ctx) => {
            const session = await getSessionFromCtx(ctx);
            if (session && (await rolesOf(db, session.user.id)).isAdmin) {
              throw new APIError('FORBIDDEN', { message: accountControlMessages.twoFactorAdminCannotDisable, code: 'ADMIN_NEEDS_TWO_FACTOR' });
            }
          }),
        },
      ],
    },
  } satisfies BetterAuthPlugin;
}
