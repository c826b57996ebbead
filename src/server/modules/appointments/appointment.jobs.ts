import type { Db } from '../../db/client';
import type { JobModule } from '../../jobs/registry';
import type { Clock } from '../../lib/clock';
import type { EmailSender } from '../../providers/email';
import type { SmsSender } from '../../providers/sms';
import { createVisitReminderHandlers } from './appointment-reminders';
import { createVisitCancelHandlers } from './visit-call-off';

/** Issue 49: the 24 h and 2 h visit reminders (decision 0423), and the call-off messages (email and SMS) (jobs/registry.ts). */
export function appointmentJobs(deps: { db: Db; clock: Clock; email: EmailSender; sms: SmsSender }): JobModule {
  return {
    name: 'appointments',
    handlers: {
      ...createVisitReminderHandlers({ db: deps.db, clock: deps.clock }),
      ...createVisitCancelHandlers({ db: deps.db, email: deps.email, sms: deps.sms }),
    },
  };
}
