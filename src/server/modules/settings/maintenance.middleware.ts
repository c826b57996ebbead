import type { MiddlewareHandler } from 'hono';
import { eq } from 'drizzle-orm';
import { messages } from '@shared/messages';
import type { Db } from '../../db/client';
import { systemSettings } from '../../db/schema';
import type { AppEnv } from '../../http/context';
import { rolesOf } from '../profiles/profiles.repository';
import { writeEpochOf, type WriteEpoch } from '../../db/write-epoch';

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Sign-in and sign-out (/api/auth, answered before this middleware) and provider webhooks keep working. */
const ALWAYS_OPEN = ['/api/payment-webhooks', '/api/webhooks/'];

/** Bounds how long a change that escaped the table's version could go unseen; not what keeps it fresh. */
const FLAG_TTL_MS = 5_000;

async function readMaintenanceFlag(db: Db): Promise<boolean> {
  const [row] = await db
    .select({ on: systemSettings.maintenance_mode })
    .from(systemSettings)
    .where(eq(systemSettings.id, 1));
  return row?.on ?? false;
}

const remembered = new WeakMap<WriteEpoch, { on: boolean; version: number; storedAt: number }>();

/**
 * Whether maintenance mode is on. The flag is remembered per database handle while
 * system_settings has not been written: by this process (any statement naming the table, and the
 * COMMIT of its transaction) or by another instance (its NOTIFY), and never while the listener for
 * other instances is down (write-epoch.ts). It was one statement on every API write, and writes
 * are a large share of a busy instance's requests (docs/performance.md).
 */
export async function maintenanceModeOn(db: Db): Promise<boolean> {
  const epoch = writeEpochOf(db);
  if (!epoch) return readMaintenanceFlag(db);
  const kept = remembered.get(epoch);
  if (kept && epoch.isTableCurrent('system_settings', kept.version) && performance.now() - kept.storedAt <= FLAG_TTL_MS) {
    return kept.on;
  }
  const version = epoch.tableVersion('system_settings');
  const on = await readMaintenanceFlag(db);
  // Kept only if nothing wrote the table while it was read: the answer may predate that write.
  if (epoch.isTableCurrent('system_settings', version)) remembered.set(epoch, { on, version, storedAt: performance.now() });
  return on;
}

/**
 * Maintenance mode (system_settings.maintenance_mode): every API write by anyone but an admin
 * answers 503 with a clear message. Reads stay open so pages can show the maintenance screen.
 * Switching it applies to the next write on every instance (maintenanceModeOn).
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
