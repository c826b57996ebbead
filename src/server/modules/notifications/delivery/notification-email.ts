import { BRAND_NAME } from '@shared/brand';
import { CATEGORY_LABELS, categoryOf, isMandatoryEmail } from '@shared/notify/notification-categories';
import type { NotificationRow } from '../notifications.repository';
import type { EmailMessage } from '../../../providers/email';
import { renderEmail } from '../../../providers/email/email-layout';
import { unsubscribeToken } from '../preferences/unsubscribe-token';

/** The exact page a notification is about, and the button's words. */
export function notificationLink(publicUrl: string, row: Pick<NotificationRow, 'type' | 'task_id'>): { label: string; url: string } {
  if (row.type === 'payment_receipt') return { label: 'Download the receipt', url: `${publicUrl}/profile?tab=receipts` };
  if (row.task_id && row.type === 'chat_unread') return { label: 'Open the chat', url: `${publicUrl}/task/${row.task_id}/messages` };
  if (row.task_id) return { label: 'Open the task', url: `${publicUrl}/task/${row.task_id}` };
  if (row.type === 'webhook_endpoint_disabled') return { label: 'Open Developers', url: `${publicUrl}/profile?tab=developers` };
  if (row.type === 'data_export_ready') return { label: 'Download your data', url: `${publicUrl}/profile?tab=account` };
  if (row.type.startsWith('verification_')) return { label: 'Open your profile', url: `${publicUrl}/profile?tab=verification` };
  return { label: `Open ${BRAND_NAME}`, url: `${publicUrl}/dashboard` };
}

/**
 * The mail of one notification. It says only what the notification already says in the product
 * (title and message, written for this recipient), so it shows nothing they could not see there.
 */
export async function notificationEmail(
  options: { publicUrl: string; secret: string },
  row: NotificationRow,
  to: string,
): Promise<EmailMessage> {
  const category = categoryOf(row.type);
  const button = notificationLink(options.publicUrl, row);
  const unsubscribeUrl = isMandatoryEmail(row.type)
    ? undefined
    : `${options.publicUrl}/api/webhooks/unsubscribe/${unsubscribeToken(options.secret, row.user_id, category)}`;
  const mail = await renderEmail({
    subject: `${row.title} · ${BRAND_NAME}`,
    heading: row.title,
    paragraphs: [row.message],
    button,
    unsubscribeUrl,
    footnote: unsubscribeUrl
      ? `You get this email because "${CATEGORY_LABELS[category]}" emails are on in your ${BRAND_NAME} profile (Notifications tab).`
      : `This email is about your money or your account's security, so it is always sent.`,
  });
  return {
    to,
    ...mail,
    actionUrl: button.url,
    ...(unsubscribeUrl
      ? { headers: { 'List-Unsubscribe': `<${unsubscribeUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } }
      : {}),
  };
}
