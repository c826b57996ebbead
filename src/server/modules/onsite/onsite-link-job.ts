import { format } from '@shared/format-message';
import { messages } from '@shared/messages';
import type { Db } from '../../db/client';
import type { JobRow } from '../../jobs/jobs.repository';
import type { JobHandler } from '../../jobs/runner';
import type { EmailSender } from '../../providers/email';
import type { SmsSender } from '../../providers/sms';
import { BRAND_NAME } from '@shared/brand';
import { onsiteToken } from './onsite-token';
import { visitCalendar } from '../appointments/visit-ics';
import { readOnsiteView } from './onsite.repository';
import { onsiteViewDto } from './onsite.service';
import { ONSITE_LINK_KIND } from '../appointments/onsite-link-enqueue';

const appointmentsText = messages.appointments;

/**
 * Sends the person on site their signed link, with the agreed window when there is one: by email with
 * the calendar file, and by SMS when they gave a phone number (many sellers give only that).
 */
export function createOnsiteLinkHandlers(deps: {
  db: Db;
  email: EmailSender;
  sms: SmsSender;
  publicUrl: string;
  secret: string;
}): Record<string, JobHandler> {
  return {
    [ONSITE_LINK_KIND]: async (job: JobRow) => {
      const payload = job.payload as {
        taskId: string;
        version: number;
        sequence: number;
        reminderHours?: number | null;
      };
      const view = await readOnsiteView(deps.db, payload.taskId);
      // A newer contact or window has its own job; this one has nothing left to say.
      if (!view || view.appointment.onsite_token_version !== payload.version) return;
      if (view.appointment.sequence !== payload.sequence) return;
      const dto = onsiteViewDto(view);
      const url = `${deps.publicUrl}/onsite/${onsiteToken(deps.secret, payload.taskId, payload.version)}`;
      const phone = view.appointment.onsite_phone;
      if (phone) {
        const window = dto.window ? `${appointmentsText.onsiteWindow}: ${dto.window.label}.` : appointmentsText.onsiteNoWindowYet;
        await deps.sms.send({
          to: phone,
          body: payload.reminderHours
            ? format(appointmentsText.onsiteSmsReminder, {
                brand: BRAND_NAME,
                address: dto.address,
                hours: payload.reminderHours,
                window: dto.window?.label ?? '',
                url,
              })
            : format(appointmentsText.onsiteSmsText, { brand: BRAND_NAME, name: dto.contact_name, address: dto.address, window, url }),
        });
      }
      if (!view.appointment.onsite_email) return;
      await deps.email.send({
        to: view.appointment.onsite_email,
        subject: payload.reminderHours
          ? format(appointmentsText.reminderTitle, { hours: payload.reminderHours })
          : dto.window
            ? format(appointmentsText.onsiteEmailSubject, { date: dto.window.label })
            : appointmentsText.onsiteEmailSubjectPending,
        text: format(appointmentsText.onsiteEmailText, {
          name: dto.contact_name,
          address: dto.address,
          window: dto.window ? `${appointmentsText.onsiteWindow}: ${dto.window.label}.` : appointmentsText.onsiteNoWindowYet,
          url,
        }),
        actionUrl: url,
        ...(dto.window
          ? {
              calendar: {
                method: 'REQUEST',
                content: visitCalendar('REQUEST', [
                  {
                    taskId: view.task_id,
                    sequence: view.appointment.sequence,
                    start: view.appointment.agreed_start!,
                    end: view.appointment.agreed_end!,
                    zone: dto.time_zone,
                    // The person on site sees the visit, not the task's title (it may describe the buyer's plans).
                    summary: appointmentsText.onsitePageTitle,
                    location: view.location,
                    url,
                  },
                ]),
              },
            }
          : {}),
      });
    },
  };
}
