/**
 * Invitations (issue 23, docs/decisions/0330): a client asks an expert to apply to one of their open
 * tasks. The limits keep invitations personal rather than a mass mailing.
 */
export const INVITATIONS = {
  /** Experts one task may invite. */
  perTask: 10,
  /** Invitations one client may send in any rolling 24 hours, over all their tasks. */
  perDay: 20,
  dayMs: 24 * 60 * 60 * 1000,
} as const;

export const INVITATION_STATUSES = ['pending', 'declined'] as const;
export type InvitationStatus = (typeof INVITATION_STATUSES)[number];
