/**
 * Removes the static shell the document paints before any JavaScript runs: the landing hero
 * index.html carries on "/" (scripts/build/landing-shell.ts), or a page's own shell the server puts
 * in its place (the public expert profile, decision 0404). While a shell is there the React root is
 * hidden (display: none), so that nothing React shows beneath it, like the lazy-load fallback, is
 * painted and then jumps up when the shell goes (CLS 0.56 on a phone, issue 25). Call it before
 * paint (a layout effect) from whatever takes the page over.
 */
export function removeStaticShell() {
  document.getElementById('landing-shell')?.remove();
  document.getElementById('page-shell')?.remove();
}
