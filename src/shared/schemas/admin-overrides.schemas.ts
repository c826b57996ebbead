import { z } from 'zod';
import { ADMIN, ADMIN_OVERRIDE } from '../constants';
import { messages } from '../messages';
import { assignExpertSchema } from './applications.schemas';
import { idSchema, paginationQuery, requiredText } from './common.schemas';
import { rejectEvidenceSchema } from './disputes.schemas';

const adminOverridesText = messages.adminOverrides;

/** An admin's written reason for acting in a party's place: 10 to 1,000 characters, trimmed. */
export const overrideReasonSchema = requiredText(
  ADMIN_OVERRIDE.reasonMinLength,
  ADMIN_OVERRIDE.reasonMaxLength,
  adminOverridesText.reasonRequired,
  adminOverridesText.reasonTooLong,
);

/**
 * The optional body of a transition an admin may perform in a party's place (cancel, confirm). The
 * party itself sends nothing; whether the reason is required is decided on the server, by who acts.
 */
export const overrideBodySchema = z.object({ override_reason: overrideReasonSchema.optional() });
export type OverrideBody = z.input<typeof overrideBodySchema>;

/** GET /admin/audit: a page, optionally one task's rows and one action. */
export const auditQuerySchema = paginationQuery(ADMIN.pageSize).extend({
  task_id: idSchema.optional(),
  action: z
    .string()
    .trim()
    .regex(/^[a-z_]+(\.[a-z_]+)*$/, messages.common.invalidRequest)
    .max(100, messages.common.invalidRequest)
    .optional(),
});
export type AuditQuery = z.infer<typeof auditQuerySchema>;

/** POST /tasks/:id/assign with the admin's reason when an admin hires in the client's place. */
export const assignWithReasonSchema = assignExpertSchema.extend(overrideBodySchema.shape);
/** POST /tasks/:id/evidence/reject with the admin's reason when an admin rejects in the client's place. */
export const rejectWithReasonSchema = rejectEvidenceSchema.extend(overrideBodySchema.shape);
