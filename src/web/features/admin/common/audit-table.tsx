import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { AuditEntryDto, Paged } from '@shared/schemas/admin-dto';
import { countText } from '@shared/plural';
import { firstUserMessages as firstUserText } from '@shared/messages/first-user';
import { TableCell, TableHead, TableRow } from '@web/components/ui/table';
import { PagedTable } from './paged-table';

/** The audited actions, in words: the filter's options and each row's "What" (never the raw key). */
export const AUDIT_ACTIONS = [
  { value: 'override.cancel', label: 'Cancelled a task (override)' },
  { value: 'override.confirm_evidence', label: 'Confirmed evidence (override)' },
  { value: 'override.reject_evidence', label: 'Rejected evidence (override)' },
  { value: 'override.assign', label: 'Assigned an expert (override)' },
  { value: 'dispute.opened', label: 'Dispute opened' },
  { value: 'dispute.resolved', label: 'Dispute resolved' },
  { value: 'dispute.rejection_accepted', label: 'Rejection accepted' },
  { value: 'dispute.evidence_resubmitted', label: 'Evidence resubmitted' },
  { value: 'payment.refunded', label: 'Payment refunded' },
  { value: 'payment.reauthorized', label: 'Payment hold renewed' },
  { value: 'payment.hold_lapsed', label: 'Payment hold lapsed' },
  { value: 'task.auto_released', label: 'Payment released automatically' },
  { value: 'role.added', label: 'Role added' },
  { value: 'role.removed', label: 'Role removed' },
  { value: 'user.suspended', label: 'User suspended' },
  { value: 'user.unsuspended', label: 'Suspension lifted' },
  { value: 'reliability.pause_lifted', label: 'Application pause lifted' },
  { value: 'user.deleted', label: 'Account deleted' },
  { value: 'admin.invited', label: 'Admin invited' },
  { value: 'review.hidden', label: 'Review hidden' },
  { value: 'review.restored', label: 'Review restored' },
  { value: 'job.retried', label: 'Job retried' },
  { value: 'notification.sent', label: 'Notification sent' },
  { value: 'settings.review_window_changed', label: 'Review window changed' },
] as const;

type Details = {
  role?: string;
  title?: string;
  recipients?: number;
  reason?: string;
  status_before?: string;
  status_after?: string;
};

/** "payment.hold_reminder" -> "Payment hold reminder": an action this list does not know yet still reads as words. */
function words(action: string): string {
  const text = action.replace(/[._]+/g, ' ').trim();
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export function describeAuditEntry(entry: AuditEntryDto): string {
  const details = (entry.details ?? {}) as Details;
  if (entry.action === 'role.added') return `Added the ${details.role} role`;
  if (entry.action === 'role.removed') return `Removed the ${details.role} role`;
  if (entry.action === 'notification.sent') {
    return countText(Number(details.recipients ?? 0), { one: firstUserText.auditSentOne, other: firstUserText.auditSent }, { title: details.title ?? '' });
  }
  const label = AUDIT_ACTIONS.find((action) => action.value === entry.action)?.label ?? words(entry.action);
  const change = details.status_before && details.status_after ? ` (${details.status_before} → ${details.status_after})` : '';
  return `${label}${change}${details.reason ? `. Reason: ${details.reason}` : ''}`;
}

/** The row's target: a task is a link to its page; anything else its name or id. */
function Target({ entry }: { entry: AuditEntryDto }): ReactNode {
  const name = entry.target_name ?? entry.target_id ?? '';
  if (entry.target_type === 'task' && entry.target_id) {
    return (
      <Link className="underline underline-offset-2" to={`/task/${entry.target_id}`}>
        {name}
      </Link>
    );
  }
  return name;
}

/** One audit table for the Audit tab and the Users tab: when, who, what (in words), to whom. */
export function AuditTable(props: {
  list: Paged<AuditEntryDto> | undefined;
  page: number;
  onPage: (page: number) => void;
  emptyText: string;
}) {
  return (
    <PagedTable
      nested
      list={props.list}
      page={props.page}
      onPage={props.onPage}
      emptyText={props.emptyText}
      head={
        <>
          <TableHead>When</TableHead>
          <TableHead>Who</TableHead>
          <TableHead>What</TableHead>
          <TableHead>To whom</TableHead>
        </>
      }
      row={(entry) => (
        <TableRow key={entry.id} data-testid="audit-row">
          <TableCell className="whitespace-nowrap">{new Date(entry.created_at).toLocaleString('en-US')}</TableCell>
          <TableCell>{entry.actor_name ?? 'System'}</TableCell>
          <TableCell className="min-w-64 whitespace-pre-wrap break-words">{describeAuditEntry(entry)}</TableCell>
          <TableCell>
            <Target entry={entry} />
          </TableCell>
        </TableRow>
      )}
    />
  );
}
