import type { Plugin } from 'vite';
import { HERO } from '../../src/web/features/landing/hero-content';
import {
  escapeHtml as escape,
  LANDING_SHELL_SCRIPT,
  STATIC_SHELL_END,
  STATIC_SHELL_START,
} from '../../src/shared/landing-shell';

/**
 * The landing page's hero as static HTML in index.html, painted before any JavaScript runs (the
 * largest contentful paint of "/"). Same classes as HeroSection; the landing page removes it when it
 * mounts, and an inline script removes it at once on every other path (docs/decisions/0105).
 */
export function landingShell(): Plugin {
  const shell =
    `<div id="landing-shell" aria-hidden="true"><div class="h-16 border-b"></div>` +
    `<section class="bg-gradient-to-b from-secondary/60 to-background"><div class="mx-auto grid max-w-6xl items-center gap-10 px-4 py-12 md:grid-cols-[1.1fr_1fr] md:py-20"><div class="space-y-6">` +
    `<p class="text-sm font-medium uppercase tracking-wide text-info">${escape(HERO.eyebrow)}</p>` +
    `<h1 class="text-4xl font-bold tracking-tight md:text-5xl">${escape(HERO.title)}</h1>` +
    `<p class="max-w-xl text-lg text-muted-foreground">${escape(HERO.text)}</p></div></div></section></div>` +
    // On "/" the hero replaces the startup splash (the splash is for every other path and the native shell),
    // and the React root stays hidden until it takes the hero's place, so nothing of it is painted below
    // the hero and then shifted up (issue 25, docs/decisions/0272).
    `<style>#landing-shell~#root{display:none}</style>` +
    `<script>${LANDING_SHELL_SCRIPT}</script>`;
  return {
    name: 'landing-shell',
    // Between markers: the server swaps the whole block for a page's own shell (decision 0404).
    transformIndexHtml: (html) =>
      html.replace('<div id="root">', `${STATIC_SHELL_START}${shell}${STATIC_SHELL_END}<div id="root">`),
  };
}
