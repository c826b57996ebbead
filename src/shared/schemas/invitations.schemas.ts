import { z } from 'zod';
import { messages } from '../messages';
import type { InvitationStatus } from '../domain/invitations';

const invitationsText = messages.invitations;

/** POST /api/tasks/:id/invitations: the expert (their user id, as on the public profile) to invite. */
export const createInvitationSchema = z.object({
  expert_id: z.uuid(invitationsText.invalidExpert),
});
export type CreateInvitationRequest = z.output<typeof createInvitationSchema>;

/** PUT /api/experts/me/invitation-settings: whether clients may invite the expert. */
export const invitationSettingsSchema = z.object({
  accepts_invitations: z.boolean(messages.common.invalidRequest),
});
export type InvitationSettingsRequest = z.output<typeof invitationSettingsSchema>;

export interface InvitationDto {
  id: string;
  task_id: string;
  expert_id: string;
  /** "applied" when the expert has an application on the task (read from the applications). */
  status: InvitationStatus | 'applied';
  created_at: string;
  responded_at: string | null;
}

/** GET /api/tasks/:id/my-invitation: the caller's invitation to the task, with who sent it. */
export interface MyInvitationResponse {
  invitation: (InvitationDto & { client_first_name: string | null }) | null;
}

/** GET /api/experts/:id/invitation-options: what the invite dialog offers the client. */
export interface InvitationOptionsResponse {
  accepts_invitations: boolean;
  /** Invitations the caller may still send today. */
  remaining_today: number;
  tasks: { id: string; title: string; invited: boolean; applied: boolean; full: boolean }[];
}

export interface InvitationSettingsResponse {
  accepts_invitations: boolean;
}
