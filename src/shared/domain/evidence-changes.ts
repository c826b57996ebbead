import { CHANGE_REQUESTS } from '../constants';

/**
 * Changes requested instead of a dispute (issue 50, docs/decisions/0465): the client names the
 * checklist items to deliver again, at most CHANGE_REQUESTS.maxRounds times. Round 0 is the first
 * delivery; round n is the re-delivery that answers the n-th request.
 */

/** How many more times the client may request changes after `roundsSoFar` requests. */
export function changeRoundsLeft(roundsSoFar: number): number {
  return Math.max(0, CHANGE_REQUESTS.maxRounds - roundsSoFar);
}

export interface VersionedFile {
  item_id: string | null;
  round: number;
}

/**
 * Whether a file belongs to the final set: no later round delivered its item again (on a task
 * without a checklist a re-delivery replaces the whole set).
 */
export function isCurrentVersion<F extends VersionedFile>(file: F, files: readonly F[]): boolean {
  return !files.some((other) => other.item_id === file.item_id && other.round > file.round);
}

/** The final set: each item's files from the last round that delivered it, in the given order. */
export function finalSet<F extends VersionedFile>(files: readonly F[]): F[] {
  return files.filter((file) => isCurrentVersion(file, files));
}
