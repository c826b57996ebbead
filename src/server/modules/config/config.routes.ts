import { Hono } from 'hono';
import type { AppEnv } from '../../http/context';
import type { AppDeps } from '../../app-deps';

/** Public runtime settings the web needs; never secrets. */
export function configRoutes(deps: AppDeps) {
  const { env, providers } = deps;
  return new Hono<AppEnv>().get('/config', (c) =>
    c.json({
      paymentProvider: providers.payments.name,
      publishableKey: providers.payments.publishableKey,
      mapTileUrl: env.MAP_TILE_URL ?? null,
      mapTileAttribution: env.MAP_TILE_ATTRIBUTION ?? null,
      appScheme: env.APP_SCHEME,
      devOutbox: env.NODE_ENV !== 'production',
    }),
  );
}
