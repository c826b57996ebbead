import { Hono } from 'hono';
import type { AppDeps } from '../../app';
import type { AppEnv } from '../../http/context';

/** Routes of the tasks module (mounted under /api by app.ts). */
export function tasksRoutes(_deps: AppDeps) {
  return new Hono<AppEnv>();
}
