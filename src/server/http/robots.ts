import type { Hono } from 'hono';
import type { AppEnv } from './context';

/**
 * robots.txt: crawlers may read the public pages; the API and the development routes are no pages.
 * Served by the server rather than the web build so that a missing file never falls through to the
 * SPA's index.html (an HTML answer is an invalid robots.txt for crawlers and Lighthouse's SEO audit).
 */
export const ROBOTS_TXT = ['User-agent: *', 'Allow: /', 'Disallow: /api/', 'Disallow: /dev/', ''].join('\n');

export function robotsRoute(app: Hono<AppEnv>) {
  app.get('/robots.txt', (c) => {
    c.header('Cache-Control', 'public, max-age=86400');
    return c.text(ROBOTS_TXT);
  });
}
