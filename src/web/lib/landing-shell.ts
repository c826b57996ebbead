/**
 * Removes the static landing hero index.html paints on "/" (scripts/build/landing-shell.ts). While it
 * is there the React root is hidden (display: none), so that nothing React shows beneath it, like the
 * lazy-load fallback, is painted and then jumps up when the hero goes (CLS 0.56 on a phone, issue 25).
 * Call it before paint (a layout effect) from whatever takes the page over.
 */
export function removeLandingShell() {
  document.getElementById('landing-shell')?.remove();
  // A page's own shell, sent by the server in the landing hero's place (the public expert profile,
  // decision 0404): the first commit on any path takes its place.
  document.getElementById('page-shell')?.remove();
}
