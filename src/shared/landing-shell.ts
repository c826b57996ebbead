/**
 * The one inline script of index.html: it removes the static landing hero (scripts/build/landing-shell.ts)
 * at once on every path but "/". The server's CSP allows exactly this text by its SHA-256 hash, so the
 * text lives here, where both the build and the server read it.
 */
export const LANDING_SHELL_SCRIPT = "if(location.pathname!=='/')document.getElementById('landing-shell').remove()";

/**
 * index.html's static shell (the landing hero, its style and the script above) sits between these
 * markers, so that the server can put a page's own shell in its place (the public expert profile,
 * docs/decisions/0404) without parsing the HTML.
 */
export const STATIC_SHELL_START = '<!--static-shell-->';
export const STATIC_SHELL_END = '<!--/static-shell-->';

/**
 * index.html with `shellHtml` in place of the landing hero, hiding the React root until the page
 * takes the shell's place (the web app removes `#page-shell` on its first commit). The landing
 * hero's script goes with it. Unchanged when the markers are missing.
 */
export function withPageShell(indexHtml: string, shellHtml: string): string {
  const start = indexHtml.indexOf(STATIC_SHELL_START);
  const end = indexHtml.indexOf(STATIC_SHELL_END);
  if (start < 0 || end < start) return indexHtml;
  const shell = `<div id="page-shell" aria-hidden="true">${shellHtml}</div><style>#page-shell~#root{display:none}</style>`;
  return indexHtml.slice(0, start) + shell + indexHtml.slice(end + STATIC_SHELL_END.length);
}

/** The id of the JSON element in which a document carries its page's first reads (decision 0413). */
export const FIRST_READS_ID = 'first-reads';

/**
 * The GETs the task page makes as it starts (src/web/app/route-warmup.ts, which its test holds to
 * this list): the ones its document may carry. Not the money panel's, whose answer is no-store.
 */
export const taskPageFirstReads = (taskId: string): string[] => [
  '/api/me',
  '/api/public-settings',
  '/api/notifications',
  `/api/tasks/${encodeURIComponent(taskId)}`,
];

/** The admin overview's own read: a document carries the admin page's reads only when it answered. */
export const ADMIN_OVERVIEW_READ = '/api/admin/overview';
/** The session read: no-store, so a document carries only `sessionViewForDocument` of it. */
export const SESSION_READ = '/api/auth/get-session';

/**
 * The GETs the admin page makes as it opens on its overview, in the order the route warm-up starts
 * them (its test holds it to this list): the ones its document may carry (decision 0414). Another
 * tab's panel reads are not here: its document carries nothing.
 */
export const ADMIN_OVERVIEW_FIRST_READS: readonly string[] = [
  '/api/me',
  '/api/public-settings',
  ADMIN_OVERVIEW_READ,
  SESSION_READ,
  '/api/admin/waitlist',
];

/**
 * What a document may carry of the session read's answer: only what the pages read of it (the
 * account's id, email and two-factor flag, and the session's id). The answer itself is no-store and
 * holds the session's token, which must never sit in a document the browser may keep.
 */
export function sessionViewForDocument(body: unknown): unknown {
  const answer = body as {
    user?: { id?: unknown; email?: unknown; twoFactorEnabled?: unknown };
    session?: { id?: unknown };
  } | null;
  if (typeof answer?.user?.id !== 'string' || typeof answer.session?.id !== 'string') return undefined;
  return {
    user: { id: answer.user.id, email: answer.user.email, twoFactorEnabled: answer.user.twoFactorEnabled === true },
    session: { id: answer.session.id },
  };
}

/**
 * The document with `reads` (API answers by path) as a JSON element before the React root. Its type
 * is not a script type, so it never runs and the CSP does not apply. Unchanged when there is nothing
 * to carry or no root.
 */
export function withFirstReads(documentHtml: string, reads: Record<string, unknown>): string {
  if (Object.keys(reads).length === 0) return documentHtml;
  // "<" never appears raw, so no value can close the element or open a comment.
  const json = JSON.stringify(reads).replace(/</g, '\\u003c');
  const element = `<script type="application/json" id="${FIRST_READS_ID}">${json}</script>`;
  const root = documentHtml.indexOf('<div id="root">');
  return root < 0 ? documentHtml : documentHtml.slice(0, root) + element + documentHtml.slice(root);
}

/** Text for HTML element content and double-quoted attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}
