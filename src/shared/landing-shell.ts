/**
 * The one inline script of index.html: it removes the static landing hero (scripts/build/landing-shell.ts)
 * at once on every path but "/". The server's CSP allows exactly this text by its SHA-256 hash, so the
 * text lives here, where both the build and the server read it.
 */
export const LANDING_SHELL_SCRIPT = "if(location.pathname!=='/')document.getElementById('landing-shell').remove()";
