import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AuditEntryDto, Paged } from '@shared/schemas/admin-dto';
import { idSchema } from '@shared/schemas/common.schemas';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@web/components/ui/select';
import { api } from '@web/lib/api';
import { ListCard } from '../common/list-card';
import { AUDIT_ACTIONS, AuditTable } from '../common/audit-table';
import { SearchField } from '../common/search-field';

const ALL = 'all';

/**
 * Every audited admin act, newest first, filterable by task (its id) and by action (issue 27,
 * docs/decisions/0211). `?task=<id>` opens it on one task, as the task page's "Admin actions" links.
 */
export default function AuditPanel() {
  const [params, setParams] = useSearchParams();
  const taskId = params.get('task') ?? '';
  const [action, setAction] = useState<string>(ALL);
  const [page, setPage] = useState(1);
  const [draft, setDraft] = useState(taskId);
  const [error, setError] = useState<string | null>(null);
  const query = { page, task_id: taskId || undefined, action: action === ALL ? undefined : action };
  const { data } = useQuery({
    queryKey: ['admin', 'audit', 'filtered', query],
    queryFn: () => api.get<Paged<AuditEntryDto>>('/api/admin/audit', query),
    placeholderData: keepPreviousData,
  });

  const search = (event: FormEvent) => {
    event.preventDefault();
    const value = draft.trim();
    if (value && !idSchema.safeParse(value).success) {
      setError('Enter a task id (as in the task page address).');
      return;
    }
    setError(null);
    setPage(1);
    const next = new URLSearchParams(params);
    if (value) next.set('task', value);
    else next.delete('task');
    setParams(next, { replace: true });
  };

  return (
    <section aria-labelledby="audit-title" className="space-y-6">
      <h1 id="audit-title" className="text-2xl font-semibold">
        Audit
      </h1>
      <ListCard
        title="Audit log"
        description="Every audited admin action: overrides with their reasons, disputes, refunds, roles and notifications."
      >
        <form role="search" onSubmit={search} className="mb-4 flex flex-col gap-2 sm:flex-row">
          <SearchField id="audit-task" label="Task id" value={draft} onChange={setDraft} />
          <Select
            value={action}
            onValueChange={(value) => {
              setAction(value);
              setPage(1);
            }}
          >
            <SelectTrigger aria-label="Action" className="sm:ml-auto sm:w-64">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value={ALL}>All actions</SelectItem>
              {AUDIT_ACTIONS.map((option) => (
                <SelectItem key={option.value} value={option.value}>
                  {option.label}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </form>
        {error ? (
          <p role="alert" className="mb-2 text-sm text-destructive">
            {error}
          </p>
        ) : null}
        <AuditTable list={data} page={page} onPage={setPage} emptyText="No audited actions match." />
      </ListCard>
    </section>
  );
}
