import {
  acceptProposalSchema,
  appointmentAnswerSchema,
  appointmentDtoSchema,
  declineProposalSchema,
  proposeAppointmentSchema,
  upcomingVisitsSchema,
  onsiteAnotherSchema,
  onsiteAnswerSchema,
  onsiteContactSchema,
  onsiteViewSchema,
} from '@shared/schemas/appointments.schemas';
import { z } from 'zod';
import type { RouteDoc } from '../route-doc';

const feedUrl = z.object({ url: z.string().nullable() });

/** Appointments (issue 49, docs/decisions/0420-0425). */
export const appointmentDocs: RouteDoc[] = [
  {
    route: 'GET /api/me/visits',
    summary: "The caller's agreed visits still to come, soonest first, each in its task's time zone",
    access: 'user',
    responses: { 200: upcomingVisitsSchema },
  },
  {
    route: 'GET /api/tasks/:id/appointment',
    summary:
      "The task's visit: the agreed window and the open proposal in the task's time zone, and the timeline",
    access: 'user',
    responses: { 200: z.object({ appointment: appointmentDtoSchema }) },
  },
  {
    route: 'POST /api/tasks/:id/appointment/proposals',
    summary:
      'A party proposes one to three visit windows (the expert first); once agreed, a reschedule with a reason',
    access: 'user',
    body: proposeAppointmentSchema,
    responses: { 201: appointmentAnswerSchema },
  },
  {
    route: 'POST /api/tasks/:id/appointment/proposals/:proposalId/accept',
    summary: 'The other party takes one of the proposed windows: it becomes the agreed visit',
    access: 'user',
    body: acceptProposalSchema,
    responses: { 200: appointmentAnswerSchema },
  },
  {
    route: 'POST /api/tasks/:id/appointment/proposals/:proposalId/decline',
    summary: 'The other party declines the proposal; an agreed window stands',
    access: 'user',
    body: declineProposalSchema,
    responses: { 200: appointmentAnswerSchema },
  },
  {
    route: 'PUT /api/tasks/:id/appointment/onsite-contact',
    summary:
      "The task's client sets the person on site (a name and an email or phone); they are sent a signed link",
    access: 'user',
    body: onsiteContactSchema,
    responses: { 200: z.object({ message: z.string() }) },
  },
  {
    route: 'GET /api/onsite/:token',
    summary:
      'What the person on site sees through their signed link: the address, the agreed window, the expert',
    access: 'token',
    responses: { 200: z.object({ view: onsiteViewSchema }) },
  },
  {
    route: 'POST /api/onsite/:token/confirm',
    summary: 'The person on site confirms the agreed window',
    access: 'token',
    responses: { 200: onsiteAnswerSchema },
  },
  {
    route: 'POST /api/onsite/:token/another-window',
    summary: 'The person on site asks the parties for another window',
    access: 'token',
    body: onsiteAnotherSchema,
    responses: { 200: onsiteAnswerSchema },
  },
  {
    route: 'GET /api/me/calendar-feed',
    summary: "The caller's secret calendar feed URL, or null when there is none",
    access: 'user',
    responses: { 200: feedUrl },
  },
  {
    route: 'POST /api/me/calendar-feed',
    summary: 'A new secret calendar feed URL; the previous one stops working',
    access: 'user',
    body: z.object({}),
    responses: { 200: feedUrl },
  },
  {
    route: 'DELETE /api/me/calendar-feed',
    summary: 'Turns the calendar feed off: its URL stops working',
    access: 'user',
    responses: { 200: feedUrl },
  },
  {
    route: 'GET /api/calendar/:file',
    summary: "A user's visits as an iCalendar feed (METHOD:PUBLISH), by the secret link `<token>.ics`",
    access: 'token',
    produces: {
      status: 200,
      contentType: 'text/calendar; charset=utf-8',
      description: 'The iCalendar document',
    },
  },
];
