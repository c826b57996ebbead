import { EXPERT_DISPLAY } from './constants';
import { expertDisplayName, isBioEmpty, needsShowMore } from './domain/expert';
import { escapeHtml } from './landing-shell';
import { messages } from './messages';

/** What the profile's static shell shows: the part of the public profile a phone's first screen holds. */
export interface ExpertProfileShellInput {
  first_name: string | null;
  last_name: string | null;
  location: string | null;
  bio: string;
}

const CARD = 'flex flex-col gap-6 rounded-xl border bg-card py-6 text-card-foreground shadow-sm';

/**
 * The public expert profile's first screen as static HTML, with the page's own classes (the site
 * header, the title bar, the expert's name and place, and the bio as the About tab shows it). The
 * server sends it in index.html (docs/decisions/0404), so the profile paints before any JavaScript
 * runs and a crawler reads the expert's name and bio; the React page takes its place on its first
 * commit. Every text is escaped.
 */
export function expertProfileShellHtml(expert: ExpertProfileShellInput, brandName: string): string {
  const name = escapeHtml(expertDisplayName(expert.first_name, expert.last_name));
  const bio = isBioEmpty(expert.bio)
    ? `<p class="text-sm text-muted-foreground">${escapeHtml(messages.expert.noBio)}</p>`
    : `<p class="whitespace-pre-wrap text-sm">${escapeHtml(
        needsShowMore(expert.bio)
          ? `${expert.bio.slice(0, EXPERT_DISPLAY.bioShowMoreAbove).trimEnd()}…`
          : expert.bio,
      )}</p>`;
  const place = expert.location
    ? `<p class="text-sm text-muted-foreground">${escapeHtml(expert.location)}</p>`
    : '';
  return (
    `<div class="flex min-h-screen flex-col bg-muted/30">` +
    `<div class="border-b bg-background"><div class="mx-auto flex h-14 max-w-3xl items-center px-4">` +
    `<span class="font-semibold">${escapeHtml(brandName)}</span></div></div>` +
    `<div class="mx-auto w-full max-w-3xl flex-1 space-y-6 px-4 py-6">` +
    `<p class="h-8 text-center text-xl font-semibold">Expert Profile</p>` +
    `<div class="space-y-6">` +
    `<div class="${CARD}"><div class="px-6 space-y-2 text-center sm:text-left">` +
    `<p class="text-2xl font-semibold">${name}</p>${place}</div></div>` +
    `<div class="${CARD}"><div class="px-6 space-y-2"><p class="text-sm font-semibold">About</p>${bio}</div></div>` +
    `</div></div></div>`
  );
}
