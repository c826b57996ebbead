import { z } from 'zod';
import {
  APPOINTMENT_EVENT_KINDS,
  APPOINTMENT_PARTIES,
  APPOINTMENTS,
  PROPOSAL_KINDS,
  PROPOSAL_STATUSES,
  type AppointmentEventKind,
  type AppointmentParty,
  type AppointmentState,
  type ProposalKind,
  type ProposalStatus,
} from '../domain/appointments';
import { messages } from '../messages';

const appointmentsText = messages.appointments;

/** An instant with its offset ("2026-12-09T16:00:00-06:00" or "...Z"). */
const instant = z.iso.datetime({ offset: true, error: appointmentsText.invalidWindow }).transform((text) => new Date(text));

export const visitWindowSchema = z
  .object({ start: instant, end: instant }, { error: appointmentsText.invalidWindow })
  // zod 4 runs the check even when a field failed: it only judges two real dates.
  .refine(
    (window) =>
      !(window.start instanceof Date && window.end instanceof Date) ||
      window.end.getTime() > window.start.getTime(),
    { message: appointmentsText.windowOrder },
  );

/** POST /api/tasks/:id/appointment/proposals: one to three windows; a reason when it moves an agreed visit. */
export const proposeAppointmentSchema = z.object({
  windows: z
    .array(visitWindowSchema, { error: appointmentsText.invalidWindows })
    .min(1, appointmentsText.invalidWindows)
    .max(APPOINTMENTS.maxWindows, appointmentsText.invalidWindows),
  reason: z.string(appointmentsText.reasonRequired).trim().max(APPOINTMENTS.reasonMax, appointmentsText.reasonTooLong).optional(),
});
export type ProposeAppointmentRequest = z.input<typeof proposeAppointmentSchema>;

/** POST .../proposals/:proposalId/accept: which of the proposed windows (0-based). */
export const acceptProposalSchema = z.object({
  choice: z
    .number({ error: appointmentsText.invalidChoice })
    .int(appointmentsText.invalidChoice)
    .min(0, appointmentsText.invalidChoice)
    .max(APPOINTMENTS.maxWindows - 1, appointmentsText.invalidChoice),
});

/** POST .../proposals/:proposalId/decline: an optional word why. */
export const declineProposalSchema = z.object({
  reason: z.string(appointmentsText.reasonTooLong).trim().max(APPOINTMENTS.reasonMax, appointmentsText.reasonTooLong).optional(),
});

const windowDto = z.object({ start: z.string(), end: z.string(), label: z.string() });
export type VisitWindowDto = z.output<typeof windowDto>;

export const proposalDtoSchema = z.object({
  id: z.string(),
  party: z.enum(APPOINTMENT_PARTIES),
  kind: z.enum(PROPOSAL_KINDS),
  windows: z.array(windowDto),
  reason: z.string().nullable(),
  late: z.boolean(),
  status: z.enum(PROPOSAL_STATUSES),
  created_at: z.string(),
});

export const appointmentEventDtoSchema = z.object({
  id: z.string(),
  party: z.enum(APPOINTMENT_PARTIES),
  kind: z.enum(APPOINTMENT_EVENT_KINDS),
  window: windowDto.nullable(),
  reason: z.string().nullable(),
  late: z.boolean(),
  created_at: z.string(),
});

/** GET /api/tasks/:id/appointment: the agreed window, the open question, the timeline, what the caller may do. */
export const appointmentDtoSchema = z
  .object({
    task_id: z.string(),
    time_zone: z.string(),
    state: z.enum(['none', 'proposed', 'agreed', 'reschedule_pending']),
    agreed: windowDto.nullable(),
    sequence: z.number().int(),
    pending: proposalDtoSchema.nullable(),
    timeline: z.array(appointmentEventDtoSchema),
    my_party: z.enum(APPOINTMENT_PARTIES).nullable(),
    can_propose: z.boolean(),
    can_answer: z.boolean(),
    /** The person on site, for the task's two parties (and admins); confirmed: they confirmed the agreed window. */
    onsite_contact: z
      .object({ name: z.string(), email: z.string().nullable(), phone: z.string().nullable() })
      .nullable(),
    onsite_confirmed: z.boolean(),
  })
  .meta({ id: 'Appointment' });

export const appointmentAnswerSchema = z.object({ appointment: appointmentDtoSchema, message: z.string() });

export interface ProposalDto {
  id: string;
  party: AppointmentParty;
  kind: ProposalKind;
  windows: VisitWindowDto[];
  reason: string | null;
  late: boolean;
  status: ProposalStatus;
  created_at: string;
}

export interface AppointmentEventDto {
  id: string;
  party: AppointmentParty;
  kind: AppointmentEventKind;
  window: VisitWindowDto | null;
  reason: string | null;
  late: boolean;
  created_at: string;
}

export interface AppointmentDto {
  task_id: string;
  time_zone: string;
  state: AppointmentState;
  agreed: VisitWindowDto | null;
  sequence: number;
  pending: ProposalDto | null;
  timeline: AppointmentEventDto[];
  my_party: AppointmentParty | null;
  can_propose: boolean;
  can_answer: boolean;
  onsite_contact: { name: string; email: string | null; phone: string | null } | null;
  onsite_confirmed: boolean;
}

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const same = <A, B>(check: Same<A, B>) => check;
same<z.output<typeof appointmentDtoSchema>, AppointmentDto>(true);

export const upcomingVisitSchema = z.object({
  task_id: z.string(),
  title: z.string(),
  location: z.string(),
  time_zone: z.string(),
  window: windowDto,
  role: z.enum(['client', 'expert']),
  /** The person on site: shown to the task's two parties only. */
  onsite_contact: z
    .object({ name: z.string(), email: z.string().nullable(), phone: z.string().nullable() })
    .nullable(),
});
export type UpcomingVisitDto = z.output<typeof upcomingVisitSchema>;
export const upcomingVisitsSchema = z
  .object({ visits: z.array(upcomingVisitSchema) })
  .meta({ id: 'UpcomingVisits' });
export type UpcomingVisitsResponse = z.output<typeof upcomingVisitsSchema>;

const optionalText = (schema: z.ZodType<string>) =>
  z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    schema.optional(),
  );

/** PUT /api/tasks/:id/appointment/onsite-contact: a name and an email or a phone number (E.164). */
export const onsiteContactSchema = z
  .object({
    name: z.string(appointmentsText.invalidOnsiteName).trim().min(1, appointmentsText.invalidOnsiteName).max(100, appointmentsText.invalidOnsiteName),
    email: optionalText(z.email(appointmentsText.invalidOnsiteEmail).max(254, appointmentsText.invalidOnsiteEmail)),
    phone: optionalText(
      z
        .string(appointmentsText.invalidOnsitePhone)
        .trim()
        .regex(/^\+[1-9]\d{6,14}$/, appointmentsText.invalidOnsitePhone),
    ),
  })
  .refine((contact) => Boolean(contact.email || contact.phone), {
    message: appointmentsText.onsiteReachRequired,
    path: ['email'],
  });
export type OnsiteContactRequest = z.input<typeof onsiteContactSchema>;

/** POST /api/onsite/:token/another-window: an optional word for the parties. */
export const onsiteAnotherSchema = z.object({
  message: z.string(appointmentsText.reasonTooLong).trim().max(APPOINTMENTS.reasonMax, appointmentsText.reasonTooLong).optional(),
});

/** GET /api/onsite/:token: what the person on site sees; no price, no chat, no client details. */
export const onsiteViewSchema = z
  .object({
    contact_name: z.string(),
    address: z.string(),
    time_zone: z.string(),
    window: windowDto.nullable(),
    expert_first_name: z.string().nullable(),
    expert_avatar_url: z.string().nullable(),
    confirmed: z.boolean(),
  })
  .meta({ id: 'OnsiteView' });
export type OnsiteViewDto = z.output<typeof onsiteViewSchema>;
export const onsiteAnswerSchema = z.object({ view: onsiteViewSchema, message: z.string() });
