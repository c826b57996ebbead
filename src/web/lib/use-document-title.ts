import { useEffect } from 'react';
import { BRAND_NAME } from '@shared/brand';

/** The browser tab's title of a page: its name, then the brand ("Find Tasks · Local Experts"). */
export function documentTitle(name: string): string {
  return `${name} · ${BRAND_NAME}`;
}

/**
 * Names the browser tab after what the page shows (a task's title, an expert's name) once the page
 * knows it. The route's own title (src/web/app/routes/page-titles.ts) is set first, as the route
 * renders, so this one replaces it, and the next route sets its own again.
 */
export function useDocumentTitle(name: string | null | undefined): void {
  useEffect(() => {
    if (name) document.title = documentTitle(name);
  }, [name]);
}
