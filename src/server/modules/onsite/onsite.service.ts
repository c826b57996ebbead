import { appointmentState } from '@shared/domain/appointments';
import { checkVisitTransition, visitTaskRefusal, type VisitAction } from '@shared/domain/task-status';
import { formatWindow } from '@shared/domain/time-zone';
import { format } from '@shared/format-message';
import { messages } from '@shared/messages';
import type { OnsiteViewDto } from '@shared/schemas/appointments.schemas';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { conflict, forbidden, notFound } from '../../lib/errors';
import { zoneOfTask } from '../../lib/task-time-zone';
import { insertNotifications } from '../notifications/notifications.repository';
import { loadVisibleTask } from '../tasks/task-access';
import { insertEvent, lockAppointment } from '../appointments/appointments.repository';
import { windowDto } from '../appointments/appointments.view';
import { enqueueOnsiteLink } from '../appointments/onsite-link-enqueue';
import { readOnsiteToken } from './onsite-token';
import { confirmOnsite, readOnsiteView, setOnsiteContact } from './onsite.repository';

const appointmentsText = messages.appointments;


type View = NonNullable<Awaited<ReturnType<typeof readOnsiteView>>>;

export function onsiteViewDto(view: View): OnsiteViewDto {
  const zone = zoneOfTask(view);
  const a = view.appointment;
  return {
    contact_name: a.onsite_name ?? '',
    address: view.location,
    time_zone: zone,
    window:
      a.agreed_start && a.agreed_end ? windowDto({ start: a.agreed_start, end: a.agreed_end }, zone) : null,
    expert_first_name: view.expert_first_name,
    expert_avatar_url: view.expert_avatar_url,
    confirmed: a.onsite_confirmed_at !== null,
  };
}

/** The person on site (issue 49, decision 0424): set by the client, answered through a signed link. */
export function createOnsiteService(db: Db, clock: Clock, secret: string) {
  /** The view a token opens: 404 for a changed or stale token, 409 once the task is no longer active. */
  async function open(token: string): Promise<{ view: View; version: number }> {
    const read = readOnsiteToken(secret, token);
    if (!read) throw notFound(appointmentsText.onsiteInvalid);
    const view = await readOnsiteView(db, read.taskId);
    if (!view || view.appointment.onsite_token_version !== read.version || !view.appointment.onsite_name) {
      throw notFound(appointmentsText.onsiteInvalid);
    }
    // The link opens only while the visit is being planned: the machine's state for the person on site.
    if (visitTaskRefusal(view, 'onsite_ask_another', 'onsite', clock.now())) throw conflict(appointmentsText.onsiteOver);
    return { view, version: read.version };
  }

  async function tellParties(
    tx: Db,
    view: View,
    note: { type: 'appointment_agreed' | 'appointment_declined'; title: string; message: string },
  ) {
    const recipients = [view.client_id, view.expert_id].filter((id): id is string => id !== null);
    await insertNotifications(
      tx,
      recipients.map((user_id) => ({
        user_id,
        ...note,
        task_id: view.task_id,
        data: { task_id: view.task_id },
      })),
    );
  }

  /** The task state machine's word on a step of the person on site or of the client's contact. */
  function requireOnsiteStep(
    task: Parameters<typeof visitTaskRefusal>[0],
    action: VisitAction,
    party: 'client' | 'onsite',
    agreed?: boolean,
  ): void {
    // The sub-state matters only for confirming (an agreed window); the other steps take any.
    const visit = appointmentState({ agreed: agreed ?? true, pending: false });
    const check = checkVisitTransition({ ...task, visit }, action, party, { now: clock.now() });
    if (!check.ok) throw check.reason === 'forbidden' ? forbidden(check.message) : conflict(check.message);
  }

  return {
    async setContact(
      userId: string,
      taskId: string,
      input: { name: string; email?: string; phone?: string },
    ) {
      const now = clock.now();
      const { task } = await loadVisibleTask(db, userId, taskId, now);
      if (task.client_id !== userId) throw forbidden(appointmentsText.onlyClientContact);
      requireOnsiteStep(task, 'set_onsite_contact', 'client');
      await db.transaction(async (tx) => {
        await lockAppointment(tx, task.id, now);
        const row = await setOnsiteContact(tx, {
          taskId: task.id,
          name: input.name,
          email: input.email ?? null,
          phone: input.phone ?? null,
          now,
        });
        await insertEvent(tx, { taskId: task.id, party: 'client', kind: 'onsite_contact_set', now });
        if (row.onsite_email || row.onsite_phone)
          await enqueueOnsiteLink(tx, {
            taskId: task.id,
            version: row.onsite_token_version,
            sequence: row.sequence,
            now,
          });
      });
      return { message: appointmentsText.onsiteSaved };
    },

    async view(token: string): Promise<OnsiteViewDto> {
      return onsiteViewDto((await open(token)).view);
    },

    async confirm(token: string): Promise<{ view: OnsiteViewDto; message: string }> {
      const now = clock.now();
      const { view, version } = await open(token);
      const a = view.appointment;
      requireOnsiteStep(view, 'onsite_confirm_visit', 'onsite', a.agreed_start !== null);
      if (!a.agreed_start || !a.agreed_end) throw conflict(appointmentsText.onsiteNoWindow);
      const window = { start: a.agreed_start, end: a.agreed_end };
      await db.transaction(async (tx) => {
        if (!(await confirmOnsite(tx, { taskId: view.task_id, version, sequence: a.sequence, now })))
          throw conflict(appointmentsText.onsiteInvalid);
        await insertEvent(tx, {
          taskId: view.task_id,
          party: 'onsite',
          kind: 'onsite_confirmed',
          window,
          now,
        });
        const label = formatWindow(window, zoneOfTask(view));
        await tellParties(tx, view, {
          type: 'appointment_agreed',
          title: appointmentsText.notifyOnsiteConfirmedTitle,
          message: format(appointmentsText.notifyOnsiteConfirmed, { title: view.title, window: label }),
        });
      });
      return { view: await this.view(token), message: appointmentsText.onsiteConfirmedDone };
    },

    async askAnother(token: string, message?: string): Promise<{ view: OnsiteViewDto; message: string }> {
      const now = clock.now();
      const { view } = await open(token);
      const note = message?.trim() ? message.trim() : null;
      await db.transaction(async (tx) => {
        await lockAppointment(tx, view.task_id, now);
        await insertEvent(tx, {
          taskId: view.task_id,
          party: 'onsite',
          kind: 'onsite_asked_another',
          reason: note,
          now,
        });
        await tellParties(tx, view, {
          type: 'appointment_declined',
          title: appointmentsText.notifyOnsiteAnotherTitle,
          message: format(appointmentsText.notifyOnsiteAnother, { title: view.title, message: note ?? '' }).trim(),
        });
      });
      return { view: await this.view(token), message: appointmentsText.onsiteAskedDone };
    },
  };
}
