import { randomUUID } from 'node:crypto';
import { isPayable } from '@shared/domain/expert';
import { check } from '@shared/domain/permissions';
import { messages } from '@shared/messages';
import type { CreateApplicationInput } from '@shared/schemas/applications.schemas';
import { idSchema } from '@shared/schemas/common.schemas';
import type { ApplicationDto, TaskDto } from '@shared/schemas/task-api';
import { AppError, conflict, forbidden, notFound } from '../../lib/errors';
import {
  findApplication,
  findExpertWithPerson,
  applicationInsert,
  rejectPendingApplication,
  settleApplicationsOnAssign,
} from './applications.repository';
import type { ApplicationRow, ExpertProfileRow, ProfileRow } from '../tasks/task-details.repository';
import { adminOverrideOf, recordOverride } from '../admin-overrides/admin-override';
import { hasPendingOffer } from '../offers/offers.repository';
import { assertWithinPriceLimits } from '../tasks/price-limits';
import { assertMayApply } from '../reliability/reliability.service';
import { enforce, loadVisibleTask } from '../tasks/task-access';
import { notify, taskNotification } from '../tasks/task-notifications';
import { notificationsIfChanged, notificationsJson } from '../notifications/notifications.repository';
import type { TasksServiceDeps } from '../tasks/tasks.deps';
import { toApplicationDto, toTaskDto } from '../tasks/tasks.dto';
import { findTask, hasApplication, updateTaskIf } from '../tasks/tasks.repository';

const isUuid = (value: string) => idSchema.safeParse(value).success;

/** The application and the client's "application received" notification: one statement, prepared by name. */
export const insertApplicationIfOpen = applicationInsert('application_insert', notificationsIfChanged('notifications', 'inserted_application'));

/** Thrown inside the assignment transaction to roll it back when another request won the task. */
class LostAssignmentRace extends Error {}

export function createApplicationsService(deps: TasksServiceDeps) {
  const { db, clock } = deps;

  async function applicationDto(row: ApplicationRow, known?: { expert: ExpertProfileRow; person: ProfileRow | null }): Promise<ApplicationDto> {
    const { expert, person } = known ?? (await findExpertWithPerson(db, row.expert_id)) ?? {};
    if (!expert || !person) throw new AppError('internal', messages.common.internal);
    return toApplicationDto(row, expert, person);
  }

  return {
    /** An expert applies once to an open task that is not theirs and not assigned to them. */
    async apply(userId: string, taskId: string, input: CreateApplicationInput): Promise<ApplicationDto> {
      const now = clock.now();
      const { actor, task, facts } = await loadVisibleTask(db, userId, taskId, now);
      enforce(check(actor, 'apply', facts, now));
      // Read once: the checks, the client's notification and the answer all use it.
      const applicant = await findExpertWithPerson(db, userId);
      if (!applicant) throw forbidden(messages.applications.onlyExpertsCanApply);
      const { expert, person } = applicant;
      // A hire must be payable: the client's hold goes to the expert's connected account.
      if (!isPayable(expert)) throw conflict(messages.paymentSetup.mustCompleteFirst);
      // Issue 50: three cancellations after a hire within 30 days pause new applications for 7 days.
      await assertMayApply(db, userId, now);
      await assertWithinPriceLimits(db, input.proposed_rate, 'proposed_rate');
      // The application and the client's "application received" notification are one statement: its id
      // is chosen here so that the notification can name it.
      const id = randomUUID();
      const received = taskNotification.applicationReceived(task.client_id, task, { id, expertName: person?.first_name || 'An expert' });
      const row = await insertApplicationIfOpen(db, {
        id,
        taskId: task.id,
        expertId: userId,
        proposedRate: input.proposed_rate,
        notes: input.notes,
        now,
        notifications: notificationsJson([received]),
      });
      if (!row) {
        // Lost to a parallel apply of the same expert, or the task stopped taking applications.
        throw conflict(
          (await hasApplication(db, task.id, userId))
            ? messages.applications.alreadyApplied
            : messages.applications.notOpen,
        );
      }
      return applicationDto(row, applicant);
    },

    /** The client (or an admin) rejects a pending application while the task is open. */
    async reject(userId: string, taskId: string, applicationId: string): Promise<ApplicationDto> {
      const now = clock.now();
      const { actor, task, facts } = await loadVisibleTask(db, userId, taskId, now);
      enforce(check(actor, 'view_applicants', facts, now));
      const application = isUuid(applicationId) ? await findApplication(db, task.id, applicationId) : undefined;
      if (!application) throw notFound(messages.applications.notFound);
      const rejected = await db.transaction(async (tx) => {
        const row = await rejectPendingApplication(tx, { taskId: task.id, applicationId, now });
        if (!row) return undefined;
        await notify(tx, [taskNotification.applicationRejected(row.expert_id, task, row.id)]);
        return row;
      });
      if (!rejected) throw conflict(messages.applications.notPending);
      return applicationDto(rejected);
    },

    /**
     * Hires the expert of a pending application: ONE conditional UPDATE of the task (still open, no
     * expert) sets expert, budget (the proposed rate), assigned_at and payment_status unpaid; then the
     * application is accepted and the task's other pending ones rejected, all in one transaction.
     * Whoever loses a race gets the spec's texts and changes nothing.
     */
    async assign(
      userId: string,
      taskId: string,
      applicationId: string,
      overrideReason?: string,
    ): Promise<{ task: TaskDto; message: string }> {
      const now = clock.now();
      const { actor, task, facts } = await loadVisibleTask(db, userId, taskId, now);
      const allowed = check(actor, 'assign', facts, now);
      if (!allowed.ok && allowed.reason === 'forbidden') throw forbidden(allowed.message);
      if (task.expert_id !== null) throw conflict(messages.applications.anotherExpertAssigned);
      if (task.status !== 'open') throw conflict(messages.applications.notAvailableForAssignment);
      enforce(allowed);
      // An admin hiring in the client's place: reason, audit and notices (decision 0210).
      const override = adminOverrideOf(actor, 'assign', task, overrideReason);

      try {
        const updated = await db.transaction(async (tx) => {
          const application = await findApplication(tx, task.id, applicationId);
          if (!application) throw notFound(messages.applications.notFound);
          // Read outside the task's row lock: a parallel hire may already have settled it.
          if (application.status !== 'pending') throw new LostAssignmentRace();
          const assigned = await updateTaskIf(
            tx,
            { id: task.id, from: ['open'], expertId: null },
            {
              status: 'assigned',
              expert_id: application.expert_id,
              budget: application.proposed_rate,
              assigned_at: now,
              payment_status: 'unpaid',
              stripe_payment_intent_id: null,
              stripe_payment_method_id: null,
              authorization_hold_expires_at: null,
              updated_at: now,
            },
          );
          if (!assigned) throw new LostAssignmentRace();
          // A reject of the same application in between rolls the whole assignment back.
          const accepted = await settleApplicationsOnAssign(tx, { taskId: task.id, applicationId, now });
          if (!accepted) throw new LostAssignmentRace();
          // Issue 51 (decision 0466): no hire while a rate proposal waits. Asked after the UPDATE above,
          // which waited for any proposal's lock on the application, so this read sees its commit.
          if (await hasPendingOffer(tx, applicationId)) throw conflict(messages.offers.hireWhileOfferPending);
          // A proposal accepted between the first read and the lock: the hire is at the agreed rate.
          let hired = assigned;
          if (accepted.proposed_rate !== assigned.budget) {
            hired = (await updateTaskIf(tx, { id: task.id, from: ['assigned'] }, { budget: accepted.proposed_rate, updated_at: now })) ?? assigned;
          }
          await notify(tx, [taskNotification.assignment(application.expert_id, hired)]);
          await recordOverride(tx, override, hired, now);
          return hired;
        });
        return { task: toTaskDto(updated), message: messages.applications.assigned };
      } catch (error) {
        if (!(error instanceof LostAssignmentRace)) throw error;
        // The loser is told why: another hire won, the task left "open", or the client rejected
        // this application in the meantime.
        const current = await findTask(db, task.id);
        if (current?.expert_id) throw conflict(messages.applications.alreadyAssignedToAnother);
        if (current?.status !== 'open') throw conflict(messages.applications.notAvailableForAssignment);
        throw conflict(messages.applications.notPending);
      }
    },
  };
}

export type ApplicationsService = ReturnType<typeof createApplicationsService>;
