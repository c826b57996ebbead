import { and, asc, eq, inArray, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  authUsers,
  clientReviews,
  evidenceFiles,
  expertProfiles,
  expertVerificationRecords,
  messages,
  notificationPreferences,
  notifications,
  phoneVerifications,
  profiles,
  reviews,
  taskApplications,
  taskCancellations,
  tasks,
  transactions,
  userRoles,
} from '../../db/schema';
import { avatarKeyOf } from '../avatars/avatars.service';

/** One of the user's own uploaded files, copied into the archive under `files/`. */
export interface ExportFile {
  key: string;
  /** The path inside the archive. */
  path: string;
}

export interface CollectedExport {
  data: Record<string, unknown>;
  files: ExportFile[];
}

const fileEntry = (key: string, folder: string): ExportFile => ({ key, path: `files/${folder}/${key.split('/').pop() ?? key}` });

/**
 * Everything the product holds about one user, as they may see it (issue 22, GDPR art. 15 and 20).
 * Other people appear only by account id, never by email, phone or document; the other party's
 * files are listed as references, not copied. Every query reaches growing tables through the
 * user's own rows or their tasks (indexed by client and expert).
 */
export async function collectUserData(db: Db, userId: string, now: Date): Promise<CollectedExport> {
  const [account] = await db
    .select({
      email: authUsers.email,
      email_verified: authUsers.emailVerified,
      two_factor_enabled: authUsers.twoFactorEnabled,
      created_at: authUsers.createdAt,
    })
    .from(authUsers)
    .where(eq(authUsers.id, userId));
  const [profile] = await db.select().from(profiles).where(eq(profiles.id, userId));
  const [expert] = await db.select().from(expertProfiles).where(eq(expertProfiles.id, userId));
  const roles = await db.select({ role: userRoles.role, since: userRoles.created_at }).from(userRoles).where(eq(userRoles.user_id, userId));
  const phones = await db
    .select({ phone: phoneVerifications.phone_number, verified: phoneVerifications.is_verified, updated_at: phoneVerifications.updated_at })
    .from(phoneVerifications)
    .where(eq(phoneVerifications.user_id, userId));

  const mine = or(eq(tasks.client_id, userId), eq(tasks.expert_id, userId));
  const myTasks = await db.select().from(tasks).where(mine).orderBy(asc(tasks.created_at));
  const taskIds = myTasks.map((task) => task.id);
  const expertTaskIds = myTasks.filter((task) => task.expert_id === userId).map((task) => task.id);
  const clientTaskIds = myTasks.filter((task) => task.client_id === userId).map((task) => task.id);

  const applicationsSent = await db.select().from(taskApplications).where(eq(taskApplications.expert_id, userId));
  // Issue 50: the cancels this person made, with the reasons and notes they wrote.
  const cancellationsMade = await db.select().from(taskCancellations).where(eq(taskCancellations.actor_id, userId)).orderBy(asc(taskCancellations.created_at));
  const applicationsReceived = clientTaskIds.length
    ? await db
        .select({
          id: taskApplications.id,
          task_id: taskApplications.task_id,
          expert_id: taskApplications.expert_id,
          status: taskApplications.status,
          proposed_rate: taskApplications.proposed_rate,
          notes: taskApplications.notes,
          created_at: taskApplications.created_at,
        })
        .from(taskApplications)
        .where(inArray(taskApplications.task_id, clientTaskIds))
    : [];
  const chat = taskIds.length
    ? await db
        .select()
        .from(messages)
        .where(and(inArray(messages.task_id, taskIds), or(eq(messages.sender_id, userId), eq(messages.receiver_id, userId))))
        .orderBy(asc(messages.created_at), asc(messages.seq))
    : [];
  const taskReviews = taskIds.length
    ? await db
        .select()
        .from(reviews)
        .where(and(inArray(reviews.task_id, taskIds), or(eq(reviews.reviewer_id, userId), eq(reviews.reviewee_id, userId))))
    : [];
  const clientSideReviews = taskIds.length
    ? await db
        .select()
        .from(clientReviews)
        .where(and(inArray(clientReviews.task_id, taskIds), or(eq(clientReviews.client_id, userId), eq(clientReviews.expert_id, userId))))
    : [];
  const payments = taskIds.length
    ? await db
        .select({
          id: transactions.id,
          task_id: transactions.task_id,
          amount: transactions.amount,
          platform_fee: transactions.platform_fee,
          amount_refunded: transactions.amount_refunded,
          status: transactions.status,
          created_at: transactions.created_at,
          updated_at: transactions.updated_at,
        })
        .from(transactions)
        .where(inArray(transactions.task_id, taskIds))
    : [];
  const evidence = taskIds.length
    ? await db
        .select({
          task_id: evidenceFiles.task_id,
          position: evidenceFiles.position,
          item_id: evidenceFiles.item_id,
          storage_key: evidenceFiles.storage_key,
          content_type: evidenceFiles.content_type,
          size: evidenceFiles.size,
          sha256: evidenceFiles.sha256,
          captured_at: evidenceFiles.captured_at,
          latitude: evidenceFiles.latitude,
          longitude: evidenceFiles.longitude,
          device: evidenceFiles.device,
        })
        .from(evidenceFiles)
        .where(inArray(evidenceFiles.task_id, taskIds))
    : [];
  const myNotifications = await db.select().from(notifications).where(eq(notifications.user_id, userId)).orderBy(asc(notifications.created_at));
  const preferences = await db.select().from(notificationPreferences).where(eq(notificationPreferences.user_id, userId));
  const verifications = expert
    ? await db.select().from(expertVerificationRecords).where(eq(expertVerificationRecords.expert_id, userId))
    : [];

  // Files: the user's own uploads only (avatar, document, evidence they took, chat files they sent).
  const files: ExportFile[] = [];
  const avatarKey = avatarKeyOf(profile?.avatar_url);
  if (avatarKey) files.push(fileEntry(avatarKey, 'avatar'));
  if (expert?.document_url) files.push(fileEntry(expert.document_url, 'verification-document'));
  const expertTasks = new Set(expertTaskIds);
  for (const item of evidence) if (expertTasks.has(item.task_id)) files.push(fileEntry(item.storage_key, `evidence/${item.task_id}`));
  for (const message of chat) {
    if (message.is_file && message.attachment_url && message.sender_id === userId) files.push(fileEntry(message.attachment_url, `chat/${message.task_id}`));
  }

  const role = (taskId: string) => (clientTaskIds.includes(taskId) ? 'client' : 'expert');
  const data = {
    exported_at: now.toISOString(),
    user_id: userId,
    account: account ?? null,
    profile: profile ? { ...profile, fcm_token: profile.fcm_token ? '(a device is registered for push)' : null } : null,
    roles,
    phone_numbers: phones,
    expert_profile: expert ?? null,
    tasks: myTasks.map((task) => ({ ...task, your_role: role(task.id) })),
    applications: { sent: applicationsSent, received: applicationsReceived },
    cancellations: cancellationsMade,
    messages: chat.map((message) => ({
      ...message,
      direction: message.sender_id === userId ? 'sent' : 'received',
      attachment_in_archive: message.sender_id === userId && message.is_file && Boolean(message.attachment_url),
    })),
    reviews: {
      given: [...taskReviews.filter((review) => review.reviewer_id === userId), ...clientSideReviews.filter((review) => review.expert_id === userId)],
      // A review still sealed by the double-blind rule (decision 0260) is not the reviewee's to read yet.
      received: [
        ...taskReviews.filter((review) => review.reviewee_id === userId && review.hidden_until === null),
        ...clientSideReviews.filter((review) => review.client_id === userId),
      ],
    },
    evidence: evidence.map((item) => ({ ...item, in_archive: expertTasks.has(item.task_id) })),
    payments: payments.map((payment) => ({
      ...payment,
      your_role: role(payment.task_id),
      // What the expert is paid: the amount less the platform fee and any refund.
      expert_payout: payment.amount - payment.platform_fee - payment.amount_refunded,
    })),
    notifications: myNotifications,
    consent: {
      notification_preferences: preferences,
      expert_terms_accepted_at: expert?.lpca_terms_accepted_at ?? null,
      identity_verifications: verifications.map(({ id, verification_level, status, provider, decided_at, created_at }) => ({
        id,
        verification_level,
        status,
        provider,
        decided_at,
        created_at,
      })),
    },
    files: files.map((file) => file.path),
  };
  return { data, files };
}
