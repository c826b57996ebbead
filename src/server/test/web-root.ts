import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LANDING_SHELL_SCRIPT, STATIC_SHELL_END, STATIC_SHELL_START } from '@shared/landing-shell';
import { createApp } from '../app';
import type { TestApp } from './test-app';

const landing = `<div id="landing-shell" aria-hidden="true"><h1>Hero</h1></div><style>#landing-shell~#root{display:none}</style><script>${LANDING_SHELL_SCRIPT}</script>`;

/** index.html as the build writes it: the landing hero, its style and its script between the markers. */
export const BUILT_INDEX_HTML = `<!doctype html><html lang="en"><head><title>t</title></head><body>${STATIC_SHELL_START}${landing}${STATIC_SHELL_END}<div id="root"><p>splash</p></div></body></html>`;

/**
 * The test app's routes plus the page documents, served from a temporary web root that holds
 * BUILT_INDEX_HTML (the documents a page shell goes into). `remove` deletes the folder.
 */
export function createAppWithWebRoot(t: TestApp): { app: ReturnType<typeof createApp>; remove: () => void } {
  const webRoot = mkdtempSync(join(tmpdir(), 'web-root-'));
  writeFileSync(join(webRoot, 'index.html'), BUILT_INDEX_HTML);
  return {
    app: createApp({ ...t.context, webRoot }),
    remove: () => rmSync(webRoot, { recursive: true, force: true }),
  };
}
