import { TASK_DEFAULTS } from '../constants';
import { format } from '../format-message';
import { messages } from '../messages';

/**
 * The remote-only content check run on task submit (spec 001 section 5), over title and description.
 *
 * The spec refuses in-person services with a list of bare phrases ("visit", "go to", "on site", ...).
 * Taken word by word that list refuses the product's own promise ("a verified local expert visits the
 * apartment"), so the check judges the phrases in context (docs/decisions/0453): the EXPERT going to the
 * task's place (visit the flat, go to the garage, inspect on site, check the car at the dealer) passes;
 * someone coming to the CLIENT, meeting them, visiting their family, carrying things for them or doing
 * physical work for them is refused, with the spec's refusal text naming the words that were found.
 */

/** The client (and their household) as the object of a request: "come to ME", "meet US". */
const SELF = String.raw`(?:me|us|myself|ourselves)`;
/** Where the client is: their home or door, not a property of theirs the expert inspects. */
const CLIENT_PLACE = String.raw`(?:(?:my|our)\s+(?:place|home|door|doorstep|front\s+door|address|office|work(?:place)?)|where\s+(?:i|we)\s+(?:live|am|are|stay|work))`;
/** People of the client's, whom a visit would be a personal service to. */
const PERSON = String.raw`(?:(?:my|our)\s+(?:elderly\s+|old\s+|little\s+|sick\s+)?(?:mother|mom|mum|father|dad|parents?|grand(?:mother|ma|father|pa|parents?)|family|kids?|children|son|daughter|wife|husband|partner|aunt|uncle|friends?|sister|brother|baby|relatives?))`;
/** What the product's own experts deliver: "deliver photos and a report" is the service itself. */
const DELIVERABLE = String.raw`(?:photos?|pictures?|images?|videos?|footage|reports?|assessments?|evidence|findings|results|notes|summary|checklist|feedback|answers?|verdict|opinion)`;
/** Physical work done for the client, asked for as a task ("clean the flat", "fix the tap"). */
const WORK = String.raw`(?:clean|tidy|repair|fix|install|assemble|paint|mow|carry|haul|unpack|pack|babysit|cook|wash|vacuum|declutter|renovate|unclog|shovel|move\s+(?:(?:my|our|the|some|all\s+the)\s+)?(?:furniture|boxes|things|stuff|belongings|couch|sofa|fridge|piano|bed|wardrobe)|walk\s+(?:my|our|the)\s+dogs?|feed\s+(?:my|our|the)\s+(?:cats?|dogs?|pets?|fish)|water\s+(?:my|our|the)\s+(?:plants|garden|lawn))`;
/** A request for the work: a sentence start, "please", "can you", "need someone to", "and then". */
const ASK = String.raw`(?:^|[.!?;:\n]\s*|\b(?:please|pls|can\s+you|could\s+you|would\s+you|will\s+you|need\s+(?:someone|somebody|you|an\s+expert|a\s+person|help)\s+to|want\s+(?:someone|somebody|you|an\s+expert)\s+to|looking\s+for\s+(?:someone|somebody)\s+to|help\s+(?:me|us)(?:\s+to)?|and|then|also)\s+)`;

/** Each rule's `phrase` group is the wording the refusal quotes. */
const IN_PERSON_RULES: readonly RegExp[] = [
  // Coming to the client: "come to my home", "come over", "come by", "stop by my place".
  String.raw`\b(?<phrase>(?:come|comes|coming)\s+(?:over|round|around|by|here|to\s+(?:${SELF}|my|our)\b|and\s+(?:see|help|meet)\s+${SELF}))`,
  String.raw`\b(?<phrase>(?:stop|drop|swing|pop)(?:s|ping|ped)?\s+(?:by|in|over|round)(?:\s+(?:at|to))?\s+(?:${SELF}|${CLIENT_PLACE}))`,
  // Going to where the client is, or to a person of theirs: "visit me", "go to my place", "visit my mother".
  String.raw`\b(?<phrase>(?:visit|go|drive|travel|head|arrive|show\s+up|turn\s+up|be)(?:s|es|ing)?\s+(?:over\s+)?(?:(?:to|at|by|with)\s+)?(?:${SELF}|${CLIENT_PLACE}|${PERSON}))\b`,
  String.raw`\b(?<phrase>(?:check\s+on|look\s+after|care\s+for)\s+(?:${SELF}|${PERSON})|keep\s+(?:${SELF}|${PERSON})\s+company)\b`,
  // Meeting the client: "meet me", "meet up with us", "meet in person", "face to face".
  String.raw`\b(?<phrase>meet(?:s|ing)?\s+(?:up\s+)?(?:with\s+)?(?:${SELF}|${PERSON}|up\b|in[\s-]+person))`,
  String.raw`\b(?<phrase>face[\s-]+to[\s-]+face|in[\s-]+person\s+(?:with|to)\s+${SELF})\b`,
  // Carrying for the client: "pick up", "deliver the parcel", "drop it off", "bring it to me", "drive me".
  String.raw`\b(?<phrase>pick(?:s|ing)?\s+(?:up\b(?!\s+on\b)|(?:it|them|this|that)\s+up\b))`,
  String.raw`\b(?<phrase>deliver(?:s|ing)?)\b(?!(?:\s+[\w-]+){0,2}\s+${DELIVERABLE}\b)`,
  String.raw`\b(?<phrase>drop(?:s|ping)?\s+(?:[\w-]+\s+){0,3}?off)\b`,
  String.raw`\b(?<phrase>bring(?:s|ing)?\s+(?:${SELF}|(?:[\w-]+\s+){1,3}?to\s+(?:${SELF}|${CLIENT_PLACE})))\b`,
  String.raw`\b(?<phrase>(?:drive|take)\s+${SELF}|give\s+${SELF}\s+a\s+(?:ride|lift)|run(?:ning)?\s+(?:an\s+|my\s+|our\s+|some\s+)?errands?|do\s+(?:my|our|the)\s+(?:shopping|groceries|laundry)|buy\s+(?:[\w-]+\s+){1,3}?for\s+${SELF})\b`,
  // Physical work for the client: "clean the flat", "and fix the leak", "need someone to move my furniture".
  String.raw`${ASK}(?<phrase>${WORK})\b`,
  String.raw`\b(?<phrase>(?:cleaning|moving|removal|handyman|cleaner)\s+(?:service|services|help|job|work))\b`,
].map((source) => new RegExp(source, 'gi'));

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

/** Keywords are word stems: "inspect" also counts in "inspection", "video" in "videos". */
const remotePatterns = REMOTE_KEYWORDS.map((keyword) => new RegExp(`\\b${escape(keyword)}`, 'i'));

export interface ContentCheckResult {
  errors: string[];
  warnings: string[];
}

/**
 * The wording of in-person requests found in the text, in the order they appear, lower case with
 * single spaces, each once ("come to my", "meet me", "clean").
 */
export function findInPersonPhrases(text: string): string[] {
  const found: { at: number; phrase: string }[] = [];
  for (const rule of IN_PERSON_RULES) {
    for (const match of text.matchAll(rule)) {
      const phrase = match.groups?.phrase;
      if (!phrase) continue;
      found.push({ at: (match.index ?? 0) + match[0].indexOf(phrase), phrase: phrase.toLowerCase().replace(/[\s-]+/g, ' ').trim() });
    }
  }
  const phrases = found.sort((a, b) => a.at - b.at).map(({ phrase }) => phrase);
  return [...new Set(phrases)];
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
