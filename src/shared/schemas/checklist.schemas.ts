import { z } from 'zod';
import { CHECKLIST_ITEM_KINDS, CHECKLIST_LIMITS, normalizeChecklist } from '../domain/checklist';
import { format } from '../format-message';
import { evidenceTrustMessages as m } from '../messages/evidence-trust';

const itemSchema = z.object({
  id: z.string().max(60).optional(),
  label: z
    .string({ error: m.checklistLabelRequired })
    .trim()
    .min(1, m.checklistLabelRequired)
    .max(CHECKLIST_LIMITS.labelMax, format(m.checklistLabelTooLong, { max: CHECKLIST_LIMITS.labelMax })),
  kind: z.enum(CHECKLIST_ITEM_KINDS, { error: m.checklistInvalid }),
  required: z.boolean({ error: m.checklistInvalid }),
});

/** A task's checklist as posted: items get unique ids; an empty list means the free photo upload. */
export const checklistSchema = z
  .array(itemSchema, { error: m.checklistInvalid })
  .max(CHECKLIST_LIMITS.maxItems, format(m.checklistTooMany, { max: CHECKLIST_LIMITS.maxItems }))
  .transform((items) => normalizeChecklist(items));
export type ChecklistInput = z.input<typeof checklistSchema>;
