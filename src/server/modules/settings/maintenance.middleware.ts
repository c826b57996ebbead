import type { MiddlewareHandler } from 'hono';
import { eq } from 'drizzle-orm';
import { messages } from '@shared/messages';
import type { Db } from '../../db/client';
import { systemSettings } from '../../db/schema';
import type { AppEnv } from '../../http/context';
import { rolesOf } from '../profiles/profiles.repository';

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Sign-in and sign-out (/api/auth, answered before this middleware) and provider webhooks keep working. */
const ALWAYS_OPEN = ['/api/payment-webhooks', '/api/webhooks/'];

export async function maintenanceModeOn(db: Db): Promise<boolean> {
  const [row] = await db
    .select({ on: systemSettings.maintenance_mode })
    .from(systemSettings)
    .where(eq(systemSettings.id, 1));
  return row?.on ?? false;
}

/**
 * Maintenance mode (system_settings.maintenance_mode): every API write by anyone but an admin
 * answers 503 with a clear message. Reads stay open so pages can show the maintenance screen, and
 * the flag is read on each write (one indexed row), so switching it applies at once.
 */
export function maintenanceGuard(db: Db): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (!WRITE_METHODS.has(c.req.method) || ALWAYS_OPEN.some((prefix) => c.req.path.startsWith(prefix))) return next();
    if (!(await maintenanceModeOn(db))) return next();
    const user = c.get('user');
    if (user && (await rolesOf(db, user.id)).isAdmin) return next();
    c.header('Retry-After', '300');
    return c.json({ error: { code: 'maintenance', message: messages.admin.maintenanceWrite } }, 503);
  };
}
