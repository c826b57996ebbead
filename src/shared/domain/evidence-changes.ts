import { CHANGE_REQUESTS } from '../constants';

/**
 * Changes requested instead of a dispute (issue 50, docs/decisions/0465): the client names the
 * checklist items to deliver again, at most CHANGE_REQUESTS.maxRounds times. A file's round is its
 * delivery: 0 the first, then each re-delivery or dispute resubmission the next number.
 */

/** How many more times the client may request changes after `roundsSoFar` requests. */
export function changeRoundsLeft(roundsSoFar: number): number {
  return Math.max(0, CHANGE_REQUESTS.maxRounds - roundsSoFar);
}

export interface VersionedFile {
  item_id: string | null;
  /** The delivery that brought the file: 0 the first, then one more for each later delivery. */
  round: number;
  /** The delivery replaced every earlier file (a dispute's resubmission), not only its own items. */
  replaces_earlier?: boolean;
}

/**
 * Whether a file belongs to the final set: no later delivery brought its item again, and no later
 * delivery replaced the whole set (on a task without a checklist every re-delivery does).
 */
export function isCurrentVersion<F extends VersionedFile>(file: F, files: readonly F[]): boolean {
  return !files.some((other) => other.round > file.round && (other.replaces_earlier || other.item_id === file.item_id));
}

/** The next delivery's round: one after the latest file's. */
export function nextDeliveryRound(files: readonly Pick<VersionedFile, 'round'>[]): number {
  return files.reduce((latest, file) => Math.max(latest, file.round + 1), 0);
}

/** The final set: each item's files from the last round that delivered it, in the given order. */
export function finalSet<F extends VersionedFile>(files: readonly F[]): F[] {
  return files.filter((file) => isCurrentVersion(file, files));
}
