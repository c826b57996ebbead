import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BRAND_NAME } from '@shared/brand';
import { pageTitlesMessages as titles } from '@shared/messages/page-titles';
import { pageTitleOf } from './page-titles';

const LANDING = `${BRAND_NAME} · Remote inspections by verified local experts`;
const notFound = `${titles.notFound} · ${BRAND_NAME}`;

/** One concrete path per route of router.tsx: `:param` becomes an id (a legal page's name), a trailing `*` a sub-page. */
function routerPaths(): string[] {
  const source = readFileSync(new URL('../router.tsx', import.meta.url), 'utf8');
  return [...source.matchAll(/path="([^"]+)"/g)]
    .map((match) => match[1]!)
    .filter((path) => path !== '*')
    .map((path) =>
      path
        .replace(':document', 'terms')
        .replace(/:[A-Za-z]+/g, 'a1b2')
        .replace(/\/\*$/, '/users'),
    );
}

describe('the browser tab title of each page', () => {
  it('names every route of the router, and only unknown paths "Page not found"', () => {
    const paths = routerPaths();
    expect(paths.length).toBeGreaterThan(20);
    for (const path of paths.filter((path) => path !== '/')) {
      const title = pageTitleOf(path, LANDING);
      // /dashboard/* is the router's own not-found page for unknown dashboard paths.
      if (path === '/dashboard/users') expect(title, path).toBe(notFound);
      else expect(title, path).not.toBe(notFound);
      expect(title, path).toMatch(new RegExp(` · ${BRAND_NAME}$`));
    }
    expect(pageTitleOf('/no-such-page', LANDING)).toBe(notFound);
    expect(pageTitleOf('/task/a1b2/nothing', LANDING)).toBe(notFound);
  });

  it('keeps the landing title on "/" and reads each page by its path', () => {
    expect(pageTitleOf('/', LANDING)).toBe(LANDING);
    expect(pageTitleOf('/find-tasks')).toBe(`Find Tasks · ${BRAND_NAME}`);
    expect(pageTitleOf('/find-tasks/')).toBe(`Find Tasks · ${BRAND_NAME}`);
    expect(pageTitleOf('/dashboard/create-task')).toBe(`New Task · ${BRAND_NAME}`);
    expect(pageTitleOf('/task/7f3e/edit')).toBe(`Edit Task · ${BRAND_NAME}`);
    expect(pageTitleOf('/task/7f3e/messages')).toBe(`Task messages · ${BRAND_NAME}`);
    expect(pageTitleOf('/legal/terms')).toBe(`Terms of Service · ${BRAND_NAME}`);
    expect(pageTitleOf('/admin/settings')).toBe(`Admin · ${BRAND_NAME}`);
  });
});
