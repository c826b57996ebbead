import {
  applicationPauseResponseSchema,
  liftPauseResponseSchema,
  liftPauseSchema,
  pausedExpertsResponseSchema,
} from '@shared/schemas/reliability.schemas';
import type { RouteDoc } from '../route-doc';

/** The reliability record (issue 50, docs/decisions/0457). */
export const reliabilityDocs: RouteDoc[] = [
  {
    route: 'GET /api/me/application-pause',
    summary: "The caller's pause of new applications in force (three cancels after a hire in 30 days), or null",
    access: 'user',
    responses: { 200: applicationPauseResponseSchema },
  },
  {
    route: 'GET /api/admin/application-pauses',
    summary: 'The experts whose new applications are paused now, soonest end first',
    access: 'admin',
    responses: { 200: pausedExpertsResponseSchema },
  },
  {
    route: 'POST /api/admin/experts/:id/application-pause/lift',
    summary: "An admin lifts an expert's application pause with a reason (audited; the expert is told)",
    access: 'admin',
    body: liftPauseSchema,
    responses: { 200: liftPauseResponseSchema },
  },
];
