import { Hono } from 'hono';
import type { AppDeps } from '../../app-deps';
import type { AppEnv } from '../../http/context';

/**
 * Development-only pages (never mounted in production): the dev outbox and the local background
 * check. The local payment provider's hosted pages are not here: app.ts mounts them wherever that
 * provider runs, production included (decision 0474).
 */
export function devRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>();
  for (const [path, pages] of Object.entries(deps.providers.devPages)) app.route(path, pages);
  return app;
}
