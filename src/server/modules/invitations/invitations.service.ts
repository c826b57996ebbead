import { INVITATIONS } from '@shared/domain/invitations';
import { format } from '@shared/format-message';
import { messages } from '@shared/messages';
import type {
  InvitationDto,
  InvitationOptionsResponse,
  InvitationSettingsResponse,
  MyInvitationResponse,
} from '@shared/schemas/invitations.schemas';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../lib/errors';
import { insertNotifications } from '../notifications/notifications.repository';
import { loadVisibleTask } from '../tasks/task-access';
import { hasApplication } from '../tasks/tasks.repository';
import {
  countClientInvitationsSince,
  countTaskInvitations,
  declinePendingInvitation,
  findExpertSetting,
  findInvitation,
  firstNameOf,
  insertInvitation,
  invitationFactsOf,
  listOpenTasksOf,
  lockClientForInvitations,
  updateExpertSetting,
  type InvitationRow,
} from './invitations.repository';

const invitationsText = messages.invitations;

/** Thrown inside the invitation's transaction so that nothing is written; carries the refusal. */
class Refused extends Error {
  constructor(readonly error: AppError) {
    super(error.message);
  }
}

function toDto(row: InvitationRow, applied: boolean): InvitationDto {
  return {
    id: row.id,
    task_id: row.task_id,
    expert_id: row.expert_id,
    status: applied ? 'applied' : row.status,
    created_at: row.created_at.toISOString(),
    responded_at: row.responded_at ? row.responded_at.toISOString() : null,
  };
}

/** Invitations (issue 23, docs/decisions/0330): a client asks an expert to apply to an open task. */
export function createInvitationsService(db: Db, clock: Clock) {
  return {
    async invite(userId: string, taskId: string, expertId: string): Promise<InvitationDto> {
      const now = clock.now();
      const { task } = await loadVisibleTask(db, userId, taskId, now);
      if (task.client_id !== userId) throw forbidden(invitationsText.onlyClientCanInvite);
      if (task.status !== 'open' || task.expert_id !== null) throw conflict(invitationsText.taskNotOpen);
      if (expertId === userId) throw badRequest(invitationsText.cannotInviteSelf, { expert_id: invitationsText.cannotInviteSelf });
      const setting = await findExpertSetting(db, expertId);
      if (!setting) throw notFound(invitationsText.expertNotFound);
      if (!setting.accepts_invitations) throw conflict(invitationsText.expertOptedOut);
      if (await hasApplication(db, task.id, expertId)) throw conflict(invitationsText.alreadyApplied);
      const clientName = (await firstNameOf(db, userId)) || 'A client';
      try {
        const row = await db.transaction(async (tx) => {
          // Serialises the client's invitations, so the counts below cannot be overshot by a parallel request.
          await lockClientForInvitations(tx, userId);
          if ((await findInvitation(tx, task.id, expertId)) !== undefined) throw new Refused(conflict(invitationsText.alreadyInvited));
          if ((await countTaskInvitations(tx, task.id)) >= INVITATIONS.perTask) {
            throw new Refused(conflict(format(invitationsText.perTaskLimit, { limit: INVITATIONS.perTask })));
          }
          const since = new Date(now.getTime() - INVITATIONS.dayMs);
          if ((await countClientInvitationsSince(tx, userId, since)) >= INVITATIONS.perDay) {
            throw new Refused(new AppError('too_many_requests', format(invitationsText.perDayLimit, { limit: INVITATIONS.perDay })));
          }
          const inserted = await insertInvitation(tx, { taskId: task.id, clientId: userId, expertId, now });
          if (!inserted) throw new Refused(conflict(invitationsText.alreadyInvited));
          await insertNotifications(tx, [
            {
              user_id: expertId,
              type: 'task_invitation',
              title: invitationsText.notificationTitle,
              message: format(invitationsText.notification, { name: clientName, title: task.title }),
              task_id: task.id,
              data: { task_id: task.id, invitation_id: inserted.id },
            },
          ]);
          return inserted;
        });
        return toDto(row, false);
      } catch (error) {
        if (error instanceof Refused) throw error.error;
        throw error;
      }
    },

    /** The caller's invitation to a task they may see (null when there is none). */
    async mine(userId: string, taskId: string): Promise<MyInvitationResponse> {
      const { task } = await loadVisibleTask(db, userId, taskId, clock.now());
      const row = await findInvitation(db, task.id, userId);
      if (!row) return { invitation: null };
      const [applied, clientName] = await Promise.all([hasApplication(db, task.id, userId), firstNameOf(db, row.client_id)]);
      return { invitation: { ...toDto(row, applied), client_first_name: clientName } };
    },

    async decline(userId: string, taskId: string): Promise<InvitationDto> {
      const now = clock.now();
      const { task } = await loadVisibleTask(db, userId, taskId, now);
      const row = await findInvitation(db, task.id, userId);
      if (!row) throw notFound(invitationsText.invitationNotFound);
      if (await hasApplication(db, task.id, userId)) throw conflict(invitationsText.alreadyApplied);
      if (task.status !== 'open' || task.expert_id !== null) throw conflict(invitationsText.taskNotOpen);
      const declined = await declinePendingInvitation(db, { id: row.id, now });
      if (!declined) throw conflict(invitationsText.alreadyDeclined);
      return toDto(declined, false);
    },

    /** What the invite dialog offers: the caller's open tasks, with this expert's standing on each. */
    async options(userId: string, expertId: string): Promise<InvitationOptionsResponse> {
      if (expertId === userId) throw badRequest(invitationsText.cannotInviteSelf);
      const setting = await findExpertSetting(db, expertId);
      if (!setting) throw notFound(invitationsText.expertNotFound);
      const open = await listOpenTasksOf(db, userId);
      const facts = await invitationFactsOf(
        db,
        open.map((task) => task.id),
        expertId,
      );
      const since = new Date(clock.now().getTime() - INVITATIONS.dayMs);
      const sentToday = await countClientInvitationsSince(db, userId, since);
      return {
        accepts_invitations: setting.accepts_invitations,
        remaining_today: Math.max(0, INVITATIONS.perDay - sentToday),
        tasks: open.map((task) => ({
          id: task.id,
          title: task.title,
          invited: facts.invited.has(task.id),
          applied: facts.applied.has(task.id),
          full: (facts.counts.get(task.id) ?? 0) >= INVITATIONS.perTask,
        })),
      };
    },

    async settings(userId: string): Promise<InvitationSettingsResponse> {
      const setting = await findExpertSetting(db, userId);
      if (!setting) throw forbidden(invitationsText.onlyExperts);
      return setting;
    },

    async updateSettings(userId: string, accepts: boolean): Promise<InvitationSettingsResponse> {
      if (!(await updateExpertSetting(db, { expertId: userId, accepts, now: clock.now() }))) throw forbidden(invitationsText.onlyExperts);
      return { accepts_invitations: accepts };
    },
  };
}
