import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { TableCell, TableHead, TableRow } from '@web/components/ui/table';
import type { AuditEntryDto } from '@shared/schemas/admin-dto';
import { auditQuery } from '../admin-api';
import { ListCard } from '../common/list-card';
import { PagedTable } from '../common/paged-table';

function describe(entry: AuditEntryDto): string {
  const details = (entry.details ?? {}) as { role?: string; title?: string; recipients?: number };
  if (entry.action === 'role.added') return `Added the ${details.role} role`;
  if (entry.action === 'role.removed') return `Removed the ${details.role} role`;
  if (entry.action === 'user.suspended') return `Suspended the user: ${(entry.details as { reason?: string } | null)?.reason ?? ''}`;
  if (entry.action === 'user.unsuspended') return 'Lifted the suspension';
  if (entry.action === 'notification.sent') return `Sent "${details.title}" to ${details.recipients} users`;
  return entry.action;
}

/** Who did what to whom, when: role changes and sent notifications (audit_log). */
export function AuditLog() {
  const [page, setPage] = useState(1);
  const { data } = useQuery(auditQuery(page));
  return (
    <ListCard title="Audit log" description="Role changes and notifications sent by admins.">
      <PagedTable
        nested
        list={data}
        page={page}
        onPage={setPage}
        emptyText="No audited actions yet."
        head={
          <>
            <TableHead>When</TableHead>
            <TableHead>Who</TableHead>
            <TableHead>What</TableHead>
            <TableHead>To whom</TableHead>
          </>
        }
        row={(entry) => (
          <TableRow key={entry.id}>
            <TableCell className="whitespace-nowrap">{new Date(entry.created_at).toLocaleString('en-US')}</TableCell>
            <TableCell>{entry.actor_name ?? 'System'}</TableCell>
            <TableCell>{describe(entry)}</TableCell>
            <TableCell>{entry.target_name ?? entry.target_id ?? ''}</TableCell>
          </TableRow>
        )}
      />
    </ListCard>
  );
}
