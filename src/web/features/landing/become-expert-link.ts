/** The expert form; a protected route (spec 000, routing rules). */
const EXPERT_FORM = '/expert-verification';

/**
 * Where "Become an Expert" leads: signed in, the expert form; signed out, sign-up first, with the
 * expert form remembered as the destination (the auth page honours `from`).
 * See docs/decisions/0125-become-an-expert-sign-up.md.
 */
export function becomeExpertLink(signedIn: boolean): { to: string; state?: { from: string } } {
  return signedIn ? { to: EXPERT_FORM } : { to: '/auth?mode=signup', state: { from: EXPERT_FORM } };
}
