import type { MiddlewareHandler } from 'hono';
import { eq } from 'drizzle-orm';
import { messages } from '@shared/messages';
import type { Db } from '../../db/client';
import { systemSettings } from '../../db/schema';
import type { AppEnv } from '../../http/context';
import { STATE_CHANGING_METHODS } from '../../http/origin-check';
import { rolesOf } from '../profiles/profiles.repository';
import { rememberedRead } from '../../db/table-memo';

/** Sign-in and sign-out (/api/auth, answered before this middleware) and provider webhooks keep working. */
const ALWAYS_OPEN = ['/api/payment-webhooks', '/api/webhooks/'];

async function readMaintenanceFlag(db: Db): Promise<boolean> {
  const [row] = await db
    .select({ on: systemSettings.maintenance_mode })
    .from(systemSettings)
    .where(eq(systemSettings.id, 1));
  return row?.on ?? false;
}

/**
 * Whether maintenance mode is on, remembered until system_settings is written here or on another
 * instance (table-memo.ts, decision 0405). It was one statement on every API write, and writes are a
 * large share of a busy instance's requests (docs/performance.md).
 */
export function maintenanceModeOn(db: Db): Promise<boolean> {
  return rememberedRead(db, 'system_settings', 'maintenance_mode', () => readMaintenanceFlag(db));
}

/**
 * Maintenance mode (system_settings.maintenance_mode): every API write by anyone but an admin
 * answers 503 with a clear message. Reads stay open so pages can show the maintenance screen.
 * Switching it applies to the next write on every instance (maintenanceModeOn).
 */
export function maintenanceGuard(db: Db): MiddlewareHandler<AppEnv> {
  const guardWrite: MiddlewareHandler<AppEnv> = async (c, next) => {
    if (!(await maintenanceModeOn(db))) return next();
    const user = c.get('user');
    if (user && (await rolesOf(db, user.id)).isAdmin) return next();
    c.header('Retry-After', '300');
    return c.json({ error: { code: 'maintenance', message: messages.admin.maintenanceWrite } }, 503);
  };
  // Reads pass on without a promise of this middleware's own (issue 55).
  return (c, next) =>
    !STATE_CHANGING_METHODS.has(c.req.method) || ALWAYS_OPEN.some((prefix) => c.req.path.startsWith(prefix)) ? next() : guardWrite(c, next);
}
