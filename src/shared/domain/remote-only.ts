import { TASK_DEFAULTS } from '../constants';
import { format } from '../format-message';
import { messages } from '../messages';

/** The remote-only content check run on task submit (spec 001 section 5), over title and description. */

export const IN_PERSON_PHRASES = [
  'come to my',
  'visit',
  'in person',
  'on site',
  'physically',
  'meet me',
  'pick up',
  'deliver',
  'drive to',
  'travel to',
  'go to',
  'be there',
  'show up',
  'arrive at',
  'come over',
  'stop by',
] as const;

export const REMOTE_KEYWORDS = [
  'remote',
  'virtual',
  'online',
  'assess',
  'inspect',
  'document',
  'photograph',
  'video',
  'report',
  'evaluate',
  'check',
  'verify',
  'review',
] as const;

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Whole words on both sides; the words of a phrase may be split by spaces or hyphens ("on-site"). */
const inPersonPatterns = IN_PERSON_PHRASES.map((phrase) => ({
  phrase,
  pattern: new RegExp(`\\b${phrase.split(' ').map(escape).join('[\\s-]+')}\\b`, 'i'),
}));

/** Keywords are word stems: "inspect" also counts in "inspection", "video" in "videos". */
const remotePatterns = REMOTE_KEYWORDS.map((keyword) => new RegExp(`\\b${escape(keyword)}`, 'i'));

export interface ContentCheckResult {
  errors: string[];
  warnings: string[];
}

/** The in-person phrases found in the text, in the order of IN_PERSON_PHRASES. */
export function findInPersonPhrases(text: string): string[] {
  return inPersonPatterns.filter(({ pattern }) => pattern.test(text)).map(({ phrase }) => phrase);
}

export function hasRemoteKeyword(text: string): boolean {
  return remotePatterns.some((pattern) => pattern.test(text));
}

export function checkRemoteOnly(input: {
  title?: string | null;
  description?: string | null;
}): ContentCheckResult {
  const title = input.title ?? '';
  const description = input.description ?? '';
  const text = `${title}\n${description}`;
  const errors: string[] = [];
  const warnings: string[] = [];

  const phrases = findInPersonPhrases(text);
  if (phrases.length > 0) {
    errors.push(
      format(messages.tasks.inPersonServices, { phrases: phrases.map((phrase) => `"${phrase}"`).join(', ') }),
    );
  }
  if (description.trim().length < TASK_DEFAULTS.remoteCheckDescriptionMinLength) {
    errors.push(messages.tasks.needMoreDetail);
  }
  if (errors.length === 0 && !hasRemoteKeyword(text)) {
    warnings.push(messages.tasks.clarifyRemote);
  }
  return { errors, warnings };
}
