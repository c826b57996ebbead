import { format } from 'date-fns';
import { CHAT } from '@shared/constants';
import { messages } from '@shared/messages';
import { countText } from '@shared/plural';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Spec 001: Just now, minutes, hours, Yesterday, days under 7, then a date. */
export function relativeTime(iso: string, now: Date = new Date()): string {
  const at = new Date(iso);
  const elapsed = Math.max(0, now.getTime() - at.getTime());
  if (elapsed < MINUTE) return messages.chat.justNow;
  if (elapsed < HOUR) {
    const minutes = Math.floor(elapsed / MINUTE);
    return countText(minutes, { one: messages.chat.minuteAgo, other: messages.chat.minutesAgo });
  }
  if (elapsed < DAY) {
    const hours = Math.floor(elapsed / HOUR);
    return countText(hours, { one: messages.chat.hourAgo, other: messages.chat.hoursAgo });
  }
  if (elapsed < 2 * DAY) return messages.chat.yesterday;
  if (elapsed < 7 * DAY) return countText(Math.floor(elapsed / DAY), { one: messages.chat.daysAgo, other: messages.chat.daysAgo });
  return format(at, 'MMM d, yyyy');
}

/** A conversation preview: at most 60 characters, cut with an ellipsis. */
export function preview(text: string, max: number = CHAT.previewMaxLength): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max)}...` : flat;
}

/** Whether a scrolled view is within the auto-scroll threshold (50 px) of its bottom. */
export function nearBottom(view: { scrollHeight: number; scrollTop: number; clientHeight: number }): boolean {
  return view.scrollHeight - view.scrollTop - view.clientHeight <= CHAT.autoScrollThresholdPx;
}

export type TextPart = { kind: 'text'; text: string } | { kind: 'link'; text: string; href: string };

const URL_PATTERN = /\bhttps?:\/\/[^\s<>"']+/gi;

/** Splits text into plain parts and http(s) links; nothing else ever becomes a link. */
export function linkParts(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let last = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    const start = match.index ?? 0;
    // Trailing punctuation belongs to the sentence, not the link.
    const raw = match[0].replace(/[.,;:!?)\]]+$/, '');
    if (start > last) parts.push({ kind: 'text', text: text.slice(last, start) });
    let href: string | null = null;
    try {
      const url = new URL(raw);
      if (url.protocol === 'http:' || url.protocol === 'https:') href = url.href;
    } catch {
      href = null;
    }
    parts.push(href ? { kind: 'link', text: raw, href } : { kind: 'text', text: raw });
    last = start + raw.length;
  }
  if (last < text.length) parts.push({ kind: 'text', text: text.slice(last) });
  return parts;
}
