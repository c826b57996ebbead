import { createInvitationSchema, invitationSettingsSchema } from '@shared/schemas/invitations.schemas';
import {
  invitationAnswerSchema,
  invitationOptionsResponseSchema,
  invitationSettingsResponseSchema,
  myInvitationResponseSchema,
} from '@shared/schemas/invitations-api.schemas';
import type { RouteDoc } from '../route-doc';

/** Invitations (issue 23, docs/decisions/0330). */
export const invitationDocs: RouteDoc[] = [
  {
    route: 'POST /api/tasks/:id/invitations',
    summary: "The task's client invites an expert to apply (limited per task and per day)",
    access: 'user',
    body: createInvitationSchema,
    responses: { 201: invitationAnswerSchema },
  },
  {
    route: 'GET /api/tasks/:id/my-invitation',
    summary: "The caller's invitation to the task, if any",
    access: 'user',
    responses: { 200: myInvitationResponseSchema },
  },
  {
    route: 'POST /api/tasks/:id/invitation/decline',
    summary: 'The invited expert declines',
    access: 'user',
    responses: { 200: invitationAnswerSchema },
  },
  {
    route: 'GET /api/experts/:id/invitation-options',
    summary: "The caller's open tasks to invite the expert to, with the expert's standing on each",
    access: 'user',
    responses: { 200: invitationOptionsResponseSchema },
  },
  {
    route: 'GET /api/me/invitation-settings',
    summary: "The expert's invitation setting",
    access: 'user',
    responses: { 200: invitationSettingsResponseSchema },
  },
  {
    route: 'PUT /api/me/invitation-settings',
    summary: 'The expert turns invitations on or off',
    access: 'user',
    body: invitationSettingsSchema,
    responses: { 200: invitationSettingsResponseSchema },
  },
];
