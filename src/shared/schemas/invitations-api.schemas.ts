import { z } from 'zod';
import { INVITATION_STATUSES } from '../domain/invitations';
import type {
  InvitationDto,
  InvitationOptionsResponse,
  InvitationSettingsResponse,
  MyInvitationResponse,
} from './invitations.schemas';

/**
 * The invitation responses as zod schemas (issue 21): the OpenAPI document describes the answers with them
 * and the API suite checks every answer against them; the `same` checks below fail the build when a schema
 * and the interface the web app reads (invitations.schemas.ts) drift apart.
 */

const isoDate = z.string().meta({ format: 'date-time' });

export const invitationDtoSchema = z
  .object({
    id: z.string(),
    task_id: z.string(),
    expert_id: z.string(),
    status: z.enum([...INVITATION_STATUSES, 'applied']),
    created_at: isoDate,
    responded_at: isoDate.nullable(),
  })
  .meta({ id: 'Invitation' });

export const invitationAnswerSchema = z.object({ invitation: invitationDtoSchema });

export const myInvitationResponseSchema = z.object({
  invitation: invitationDtoSchema.extend({ client_first_name: z.string().nullable() }).nullable(),
});

export const invitationOptionsResponseSchema = z.object({
  accepts_invitations: z.boolean(),
  remaining_today: z.number().int(),
  tasks: z.array(
    z.object({ id: z.string(), title: z.string(), invited: z.boolean(), applied: z.boolean(), full: z.boolean() }),
  ),
});

export const invitationSettingsResponseSchema = z.object({ accepts_invitations: z.boolean() });

// Compile-time: each schema's output is exactly the interface the web app reads.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const same = <A, B>(check: Same<A, B>) => check;
same<z.output<typeof invitationDtoSchema>, InvitationDto>(true);
same<z.output<typeof myInvitationResponseSchema>, MyInvitationResponse>(true);
same<z.output<typeof invitationOptionsResponseSchema>, InvitationOptionsResponse>(true);
same<z.output<typeof invitationSettingsResponseSchema>, InvitationSettingsResponse>(true);
