import type { Db } from '../../db/client';
import type { JobModule } from '../../jobs/registry';
import type { EmailSender } from '../../providers/email';
import type { SmsSender } from '../../providers/sms';
import { createOnsiteLinkHandlers } from './onsite-link-job';

/** Issue 49: the person on site's link, by email and SMS, when the contact or the window changes (jobs/registry.ts). */
export function onsiteJobs(deps: { db: Db; email: EmailSender; sms: SmsSender; publicUrl: string; secret: string }): JobModule {
  return { name: 'onsite', handlers: createOnsiteLinkHandlers(deps) };
}
