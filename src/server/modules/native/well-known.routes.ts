import { Hono, type Context } from 'hono';
import { messages } from '@shared/messages';
import type { Env } from '../../env';
import type { AppEnv } from '../../http/context';
import { appleAppSiteAssociation, assetLinks } from './well-known';

/**
 * GET /.well-known/apple-app-site-association and /.well-known/assetlinks.json (public, mounted at
 * the root, not under /api). Both are JSON served with application/json and no redirect, as Apple
 * and Google require; 404 while the app's store identity is not configured.
 */
export function wellKnownRoutes(env: Env) {
  const notConfigured = { error: { code: 'not_found', message: messages.common.notFound } };
  const serve = (body: unknown) => (c: Context<AppEnv>) => {
    if (body === null) return c.json(notConfigured, 404);
    c.header('Cache-Control', 'public, max-age=3600');
    return c.json(body);
  };
  return new Hono<AppEnv>()
    .get('/.well-known/apple-app-site-association', serve(appleAppSiteAssociation(env)))
    .get('/.well-known/assetlinks.json', serve(assetLinks(env)));
}
