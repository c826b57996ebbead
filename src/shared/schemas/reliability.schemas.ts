import { z } from 'zod';
import { overrideReasonSchema } from './admin-overrides.schemas';

/**
 * An admin lifts an expert's application pause: an override like the others (issue 27), with the
 * same reason rule (10 to 1,000 characters); the expert reads it and the audit log keeps it.
 */
export const liftPauseSchema = z.object({ reason: overrideReasonSchema });
export type LiftPauseInput = z.infer<typeof liftPauseSchema>;

export const applicationPauseDtoSchema = z
  .object({
    paused_until: z.string(),
    /** The sentence the expert reads: why and until when. */
    reason: z.string(),
  })
  .meta({ id: 'ApplicationPause' });
export type ApplicationPauseDto = z.infer<typeof applicationPauseDtoSchema>;

export const applicationPauseResponseSchema = z.object({ pause: applicationPauseDtoSchema.nullable() });

export const pausedExpertDtoSchema = z
  .object({
    expert_id: z.string(),
    name: z.string(),
    email: z.string().nullable(),
    paused_until: z.string(),
    paused_at: z.string(),
  })
  .meta({ id: 'PausedExpert' });
export type PausedExpertDto = z.infer<typeof pausedExpertDtoSchema>;

export const pausedExpertsResponseSchema = z.object({ pauses: z.array(pausedExpertDtoSchema) });
export const liftPauseResponseSchema = z.object({ message: z.string() });
