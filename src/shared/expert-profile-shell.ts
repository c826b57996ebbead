import { badgeClasses } from './badge-classes';
import { EXPERT_DISPLAY } from './constants';
import { expertDisplayName, isBioEmpty, needsShowMore } from './domain/expert';
import { initialsOf } from './domain/initials';
import { escapeHtml } from './landing-shell';
import { messages } from './messages';
import { countText } from './plural';

/** What the profile's static shell shows: the part of the public profile a phone's first screen holds. */
export interface ExpertProfileShellInput {
  first_name: string | null;
  last_name: string | null;
  location: string | null;
  bio: string;
  expertise: string[];
  member_since: Date | string;
  completed_tasks: number | string;
}

const CARD = 'flex flex-col gap-6 rounded-xl border bg-card py-6 text-card-foreground shadow-sm';
const BADGE = badgeClasses('outline');
const section = (title: string, body: string) =>
  `<div class="space-y-2"><p class="text-sm font-semibold">${escapeHtml(title)}</p>${body}</div>`;

/** One formatter for every document: toLocaleString would build one per call (issue 55). */
let memberSinceFormat: Intl.DateTimeFormat | undefined;

/**
 * The public expert profile's first screen as static HTML, with the page's own classes and layout:
 * the site header, the title bar, the header card (initials, name, member since, place, tasks
 * completed; the rating's line is kept empty) and the About tab's expertise and bio. The server
 * sends it in index.html (docs/decisions/0404), so the profile paints before any JavaScript runs
 * and a crawler reads it; the React page takes its place on its first commit. Every text is escaped.
 */
export function expertProfileShellHtml(expert: ExpertProfileShellInput, brandName: string): string {
  const fullName = expertDisplayName(expert.first_name, expert.last_name);
  const completed = Number(expert.completed_tasks);
  memberSinceFormat ??= new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
  const joined = new Date(expert.member_since);
  // (format throws on an invalid date, where toLocaleString wrote "Invalid Date")
  const since = Number.isNaN(joined.getTime()) ? 'Invalid Date' : memberSinceFormat.format(joined);
  const facts = [
    `Member since ${since}`,
    ...(expert.location ? [expert.location] : []),
    countText(completed, { one: messages.expert.tasksCompletedOne, other: messages.expert.tasksCompleted }),
  ];
  const bio = isBioEmpty(expert.bio)
    ? `<p class="text-sm text-muted-foreground">${escapeHtml(messages.expert.noBio)}</p>`
    : `<p class="whitespace-pre-wrap text-sm">${escapeHtml(
        needsShowMore(expert.bio)
          ? `${expert.bio.slice(0, EXPERT_DISPLAY.bioShowMoreAbove).trimEnd()}…`
          : expert.bio,
      )}</p>`;
  const expertise =
    expert.expertise.length > 0
      ? `<div class="flex flex-wrap gap-1">${expert.expertise.map((item) => `<span class="${BADGE}">${escapeHtml(item)}</span>`).join('')}</div>`
      : `<p class="text-sm text-muted-foreground">${escapeHtml(messages.expert.noExpertise)}</p>`;
  return (
    `<div class="flex min-h-screen flex-col bg-muted/30">` +
    `<div class="border-b bg-background"><div class="mx-auto flex h-14 max-w-3xl items-center px-4">` +
    `<span class="font-semibold">${escapeHtml(brandName)}</span></div></div>` +
    `<div class="mx-auto w-full max-w-3xl flex-1 space-y-6 px-4 py-6">` +
    `<p class="flex h-8 items-center justify-center text-xl font-semibold">Expert Profile</p>` +
    `<div class="space-y-6"><div class="${CARD}">` +
    `<div class="px-6 flex flex-col items-center gap-4 text-center sm:flex-row sm:items-start sm:text-left">` +
    `<div class="flex size-20 shrink-0 items-center justify-center rounded-full bg-secondary text-sm font-medium text-secondary-foreground">${escapeHtml(initialsOf(fullName))}</div>` +
    `<div class="min-w-0 flex-1 space-y-2"><p class="text-2xl font-semibold">${escapeHtml(fullName)}</p><div class="h-5"></div>` +
    `<div class="flex flex-wrap justify-center gap-x-4 gap-y-1 text-sm text-muted-foreground sm:justify-start">` +
    facts.map((fact) => `<span>${escapeHtml(fact)}</span>`).join('') +
    `</div></div></div></div>` +
    `<div class="flex flex-col gap-2"><div class="h-9"></div><div class="${CARD}"><div class="px-6 space-y-6">` +
    section('Expertise', expertise) +
    section('About', bio) +
    `</div></div></div></div></div></div>`
  );
}
