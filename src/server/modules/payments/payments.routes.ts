import { Hono } from 'hono';
import type { AppDeps } from '../../app';
import type { AppEnv } from '../../http/context';

/** Routes of the payments module (mounted under /api by app.ts). */
export function paymentsRoutes(_deps: AppDeps) {
  return new Hono<AppEnv>();
}
