import { TASK_STATUS_BADGE_VARIANTS, badgeClasses } from './badge-classes';
import { formatUsd } from './domain/money';
import { formatDistanceMiles } from './domain/geo';
import type { TaskStatus } from './domain/task-status';
import { STATUS_DOT_CLASSES, statusDotColor, statusLabel, statusText } from './domain/task-status-labels';
import { format } from './format-message';
import { countText } from './plural';
import { escapeHtml } from './landing-shell';
import { messages } from './messages';

/**
 * The first screen of two signed-in pages as static HTML, with the pages' own classes and layout:
 * the client's dashboard (its heading and first task cards) and a task's header (title, status,
 * budget). The server sends it in index.html to a signed-in user who may see it (decision 0408),
 * so the page's largest text paints before any JavaScript runs; the React page takes its place on
 * its first commit, at the same place. Every text is escaped. The markup mirrors
 * `client-dashboard-page.tsx`, `task-list.tsx`, `task-header.tsx` and `app-shell.tsx`; the
 * journeys compare the shell's positions with the page's.
 */

const dashboardsText = messages.taskPages.dashboards;
const detailsText = messages.taskPages.details;

const BUTTON =
  "inline-flex shrink-0 items-center justify-center gap-2 whitespace-nowrap rounded-md text-sm font-medium transition-colors [&_svg]:pointer-events-none [&_svg]:shrink-0 [&_svg:not([class*='size-'])]:size-4";
const BUTTON_DEFAULT = `${BUTTON} bg-primary text-primary-foreground shadow-xs h-9 px-4 py-2`;
const BUTTON_OUTLINE = `${BUTTON} border border-input bg-background shadow-xs h-9 px-4 py-2`;
const BUTTON_DESTRUCTIVE = `${BUTTON} bg-destructive text-destructive-foreground shadow-xs h-9 px-4 py-2`;
const BUTTON_GHOST_SM =
  "inline-flex shrink-0 items-center justify-center whitespace-nowrap font-medium transition-colors [&_svg]:pointer-events-none [&_svg]:shrink-0 [&_svg:not([class*='size-'])]:size-4 h-8 gap-1.5 rounded-md px-3 text-xs";
/** An icon's box: the React page draws a Lucide icon of this size there. */
const icon = (classes: string) => `<span class="inline-block ${classes}"></span>`;
const LOGO =
  '<svg viewBox="0 0 32 32" class="size-7"><rect width="32" height="32" rx="8" fill="#05283b"/><circle cx="16" cy="14" r="6" fill="none" stroke="#5eead4" stroke-width="3"/><path d="M16 20v6" stroke="#5eead4" stroke-width="3" stroke-linecap="round"/></svg>';

/** The signed-in layout around a page: the top bar (logo and brand) and the main column. */
function signedInFrame(brandName: string, content: string): string {
  return (
    `<div class="flex min-h-screen flex-col bg-muted/30">` +
    `<div class="sticky top-0 z-40 border-b bg-background/95"><div class="mx-auto flex h-14 max-w-6xl items-center justify-between gap-3 px-4">` +
    `<span class="flex shrink-0 items-center gap-2 font-semibold">${LOGO}<span>${escapeHtml(brandName)}</span></span></div></div>` +
    `<div class="mx-auto w-full max-w-6xl flex-1 px-4 pb-[calc(6rem+env(safe-area-inset-bottom))] pt-6 md:pb-10">${content}</div>` +
    `</div>`
  );
}

/** The fields of a task card that the dashboard's shell shows. */
export interface TaskCardShellInput {
  title: string;
  status: TaskStatus;
  budget: number;
  location: string;
  distance_miles?: number | null;
  created_at: string;
  application_count: number;
  expert_id: string | null;
}

/**
 * One formatter for every card: toLocaleString builds a new Intl.DateTimeFormat on each call, and
 * for a dashboard of 50 cards that was the largest part of the server's work on the document
 * (issue 55, docs/performance.md). Made on first use, so a page that never renders a card pays nothing.
 */
let createdDayFormat: Intl.DateTimeFormat | undefined;

/** "Created Nov 27, 2026" as date-fns' "MMM d, yyyy" writes it (the page uses the browser's zone; the shell UTC). */
function createdText(value: string): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  createdDayFormat ??= new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
  return format(dashboardsText.created, { date: createdDayFormat.format(date) });
}

function taskCardHtml(task: TaskCardShellInput): string {
  const distance =
    task.distance_miles !== null && task.distance_miles !== undefined
      ? ` · <span class="whitespace-nowrap">${escapeHtml(format(dashboardsText.milesAway, { miles: formatDistanceMiles(task.distance_miles) }))}</span>`
      : '';
  const applications =
    countText(task.application_count, { one: dashboardsText.applicationCountOne, other: dashboardsText.applicationCount });
  return (
    `<li><div class="flex flex-col rounded-xl border bg-card text-card-foreground shadow-sm gap-3 py-4"><div class="space-y-2 px-4">` +
    `<div class="flex items-start justify-between gap-3"><p class="min-w-0 flex-1 break-words font-medium">${escapeHtml(task.title)}</p>` +
    `<span class="inline-flex items-baseline gap-1 font-semibold tabular-nums shrink-0"><span>${escapeHtml(formatUsd(task.budget))}</span></span></div>` +
    `<div class="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-muted-foreground">` +
    `<span class="${badgeClasses(TASK_STATUS_BADGE_VARIANTS[task.status])}">${escapeHtml(statusLabel(task.status))}</span>` +
    `<span class="inline-flex min-w-0 items-start gap-1">${icon('mt-0.5 size-3.5 shrink-0')}<span class="min-w-0 break-words">${escapeHtml(task.location)}${distance}</span></span>` +
    `<span class="inline-flex items-center gap-1">${icon('size-3.5')}${escapeHtml(createdText(task.created_at))}</span>` +
    `<span class="inline-flex items-center gap-1">${icon('size-3.5')}${escapeHtml(applications)}</span>` +
    `</div>` +
    (task.expert_id
      ? `<p class="text-sm text-primary underline underline-offset-4">${escapeHtml(dashboardsText.viewAssignedExpert)}</p>`
      : '') +
    `</div></div></li>`
  );
}

/** How many cards the dashboard's shell carries: more than a phone's or a laptop's first screen holds. */
export const DASHBOARD_SHELL_CARDS = 6;

/**
 * The client's "My Tasks" as its first screen shows it: the heading, the Create Task button and
 * the first cards. A client with no task gets no shell (the empty state is small and quick).
 */
export function clientDashboardShellHtml(tasks: readonly TaskCardShellInput[], brandName: string): string {
  const cards = tasks.slice(0, DASHBOARD_SHELL_CARDS).map(taskCardHtml).join('');
  return signedInFrame(
    brandName,
    `<div class="space-y-4"><div class="flex flex-wrap items-center justify-between gap-3">` +
      `<p class="text-2xl font-semibold">${escapeHtml(dashboardsText.myTasks)}</p>` +
      `<span class="${BUTTON_DEFAULT}">${icon('size-4')}${escapeHtml(dashboardsText.createTask)}</span></div>` +
      `<div class="space-y-3"><ul class="space-y-3">${cards}</ul></div></div>`,
  );
}

/** The fields of a task that its header's shell shows, and which of the header's buttons the viewer gets. */
export interface TaskHeaderShellInput {
  title: string;
  status: TaskStatus;
  /** The figure the header shows: the hired expert's rate, else the budget (cents). */
  budget_figure: number;
  showEdit: boolean;
  showCancel: boolean;
}

/** The task page's header: Back, the title, the status dot and text, the budget figure, Edit and Cancel. */
export function taskHeaderShellHtml(task: TaskHeaderShellInput, brandName: string): string {
  const buttons =
    (task.showEdit ? `<span class="${BUTTON_OUTLINE}">${icon('size-4')}${escapeHtml(detailsText.edit)}</span>` : '') +
    (task.showCancel ? `<span class="${BUTTON_DESTRUCTIVE}">${escapeHtml(detailsText.cancelTask)}</span>` : '');
  return signedInFrame(
    brandName,
    `<div class="space-y-6"><div class="space-y-3">` +
      `<span class="${BUTTON_GHOST_SM}">${icon('size-4')}${escapeHtml(detailsText.back)}</span>` +
      `<div class="flex flex-wrap items-start justify-between gap-3"><div class="min-w-0 space-y-1">` +
      `<p class="break-words text-2xl font-semibold">${escapeHtml(task.title)}</p>` +
      `<div class="flex flex-wrap items-center gap-4">` +
      `<span class="inline-flex items-center gap-2 text-sm capitalize text-muted-foreground"><span class="inline-block size-2.5 rounded-full ${STATUS_DOT_CLASSES[statusDotColor(task.status)]}"></span><span>${escapeHtml(statusText(task.status))}</span></span>` +
      `<span class="inline-flex items-baseline gap-1 font-semibold tabular-nums text-lg"><span class="text-sm font-normal text-muted-foreground">${escapeHtml(detailsText.budgetFigureLabel)}</span><span>${escapeHtml(formatUsd(task.budget_figure))}</span></span>` +
      `</div></div><div class="flex flex-wrap gap-2">${buttons}</div></div></div></div>`,
  );
}
