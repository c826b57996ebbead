import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { auditQuery } from '../admin-api';
import { ListCard } from '../common/list-card';
import { AuditTable } from '../common/audit-table';

/** Who did what to whom, when: role changes and sent notifications (audit_log). */
export function AuditLog() {
  const [page, setPage] = useState(1);
  const { data } = useQuery(auditQuery(page));
  return (
    <ListCard title="Audit log" description="Role changes and notifications sent by admins.">
      <AuditTable list={data} page={page} onPage={setPage} emptyText="No audited actions yet." />
    </ListCard>
  );
}
