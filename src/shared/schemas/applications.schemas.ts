import { z } from 'zod';
import { APPLICATIONS } from '../constants';
import { messages } from '../messages';
import { centsField, dollarsField, idSchema } from './common.schemas';

const applicationsText = messages.applications;

const notes = z
  .string({ error: applicationsText.coverLetterRequired })
  .trim()
  .min(1, applicationsText.coverLetterRequired)
  .max(APPLICATIONS.coverLetterMaxLength, applicationsText.coverLetterTooLong);

/** POST /tasks/:taskId/applications: proposed rate in cents (> 0) and a cover letter of at most 500 characters. */
export const createApplicationSchema = z.object({
  proposed_rate: centsField(applicationsText.rateRequired, applicationsText.rateInvalid),
  notes,
});
export type CreateApplicationRequest = z.input<typeof createApplicationSchema>;
export type CreateApplicationInput = z.output<typeof createApplicationSchema>;

/** The apply form: the rate typed in dollars (step 0.01); the output is a CreateApplicationInput. */
export const applicationFormSchema = z.object({
  proposed_rate: dollarsField(applicationsText.rateRequired, applicationsText.rateInvalid),
  notes,
});
export type ApplicationFormValues = z.input<typeof applicationFormSchema>;

/** POST /tasks/:taskId/assign: the application the client hires. */
export const assignExpertSchema = z.object({ application_id: idSchema });
export type AssignExpertRequest = z.infer<typeof assignExpertSchema>;
