import type { ReactNode } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { format as formatDate } from 'date-fns';
import { messages } from '@shared/messages';
import { countText } from '@shared/plural';
import { firstUserMessages as firstUserText } from '@shared/messages/first-user';
import type { SystemJobDto, SystemStatusDto } from '@shared/schemas/system.schemas';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@web/components/ui/table';
import { api, ApiError } from '@web/lib/api';

const SYSTEM_KEY = ['admin', 'system'] as const;
const SERVICE_LABELS: Record<string, string> = {
  email: 'Email',
  payments: 'Payments',
  sms: 'SMS',
  push: 'Native push',
  webPush: 'Web push',
  storage: 'File storage',
};
const when = (iso: string | null) => (iso ? formatDate(new Date(iso), 'MMM d, yyyy HH:mm') : '—');

function Section({
  title,
  description,
  children,
}: {
  title: string;
  description: string;
  children: ReactNode;
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2>{title}</h2>
        </CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}

function JobsTable({
  jobs,
  empty,
  onRetry,
  retrying,
}: {
  jobs: SystemJobDto[];
  empty: string;
  onRetry?: (id: string) => void;
  retrying?: string;
}) {
  if (jobs.length === 0) return <p className="text-sm text-muted-foreground">{empty}</p>;
  return (
    // Cards below 640 px, and a long error wraps inside its cell rather than widening the table (issue 25).
    <Table stackOnPhone>
      <TableHeader>
        <TableRow>
          <TableHead>Job</TableHead>
          <TableHead>Last error</TableHead>
          <TableHead>Attempts</TableHead>
          <TableHead>{onRetry ? 'Created' : 'Next attempt'}</TableHead>
          {onRetry ? <TableHead>Action</TableHead> : null}
        </TableRow>
      </TableHeader>
      <TableBody>
        {jobs.map((job) => (
          <TableRow key={job.id}>
            <TableCell>{job.kind}</TableCell>
            <TableCell className="min-w-48 max-w-96 whitespace-normal break-words">{job.last_error ?? ''}</TableCell>
            <TableCell>
              {job.attempts} / {job.max_attempts}
            </TableCell>
            <TableCell className="whitespace-nowrap">{when(onRetry ? job.created_at : job.run_at)}</TableCell>
            {onRetry ? (
              <TableCell>
                <Button
                  size="sm"
                  variant="outline"
                  disabled={retrying === job.id}
                  onClick={() => onRetry(job.id)}
                  aria-label={`Retry ${job.kind}`}
                >
                  Retry
                </Button>
              </TableCell>
            ) : null}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** The System tab (issue 21): is the job queue keeping up, what failed, and what runs where. */
export default function SystemPanel() {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: SYSTEM_KEY,
    queryFn: () => api.get<SystemStatusDto>('/api/admin/system'),
    refetchInterval: 30_000,
  });
  const retry = useMutation({
    mutationFn: (id: string) => api.post(`/api/admin/system/jobs/${id}/retry`, {}),
    onSuccess: async () => {
      toast.success('The job will run again now.');
      await queryClient.invalidateQueries({ queryKey: SYSTEM_KEY });
    },
    onError: (error) => toast.error(error instanceof ApiError ? error.message : 'Could not retry the job.'),
  });
  const data = query.data;

  return (
    <section aria-labelledby="system-title" className="space-y-6">
      <h1 id="system-title" className="text-2xl font-semibold">
        System
      </h1>
      {query.isError ? <p className="text-sm text-destructive">Could not load the system status.</p> : null}
      {!data ? (
        query.isPending ? (
          <p className="text-sm text-muted-foreground">Loading...</p>
        ) : null
      ) : (
        <>
          <Section title="Job queue" description="Timed work, deliveries and payment retries waiting to run.">
            <dl className="grid grid-cols-2 gap-4 text-sm md:grid-cols-4">
              {[
                ['Due now', String(data.queue.due)],
                ['Oldest due', when(data.queue.oldest_due_at)],
                ['Failed', String(data.queue.failed)],
                ['Retrying after an error', String(data.queue.failing)],
              ].map(([label, value]) => (
                <div key={label}>
                  <dt className="text-muted-foreground">{label}</dt>
                  <dd className="text-lg font-semibold">{value}</dd>
                </div>
              ))}
            </dl>
          </Section>
          <Section
            title="Failed jobs"
            description="Jobs that used up their attempts. Retry gives one more attempt now."
          >
            <JobsTable
              jobs={data.failed_jobs}
              empty="No failed jobs."
              onRetry={(id) => retry.mutate(id)}
              retrying={retry.isPending ? retry.variables : undefined}
            />
          </Section>
          <Section
            title="Payment retries"
            description="Captures, releases and refunds that failed and are retried automatically before the hold's deadline."
          >
            <JobsTable jobs={data.payment_retries} empty="No payment is being retried." />
          </Section>
          <Section
            title={messages.operations.reconciliationTitle}
            description="Every few minutes each payment in flight is compared with the payment provider; what differs is repaired or shown here."
          >
            <ReconciliationSummary run={data.reconciliation} />
          </Section>
          <Section
            title="Webhook failures"
            description="Provider webhooks this server refused or failed lately; providers send them again."
          >
            {data.webhook_failures.length === 0 ? (
              <p className="text-sm text-muted-foreground">No recent webhook failures.</p>
            ) : (
              <ul className="space-y-1 text-sm">
                {data.webhook_failures.map((failure, index) => (
                  <li key={`${failure.at}-${index}`}>
                    {when(failure.at)} · {failure.route} · {failure.status}
                  </li>
                ))}
              </ul>
            )}
          </Section>
          <Section
            title="Failed deliveries"
            description="Emails and push notifications that could not be sent after every retry."
          >
            <ul className="flex flex-wrap gap-6 text-sm">
              {Object.entries(data.failed_deliveries).map(([channel, count]) => (
                <li key={channel}>
                  <span className="text-muted-foreground">
                    {channel === 'push' ? 'Push' : channel === 'email' ? 'Email' : channel}:{' '}
                  </span>
                  <span className="font-semibold">{count}</span>
                </li>
              ))}
            </ul>
          </Section>
          <Section
            title="Services"
            description="Which provider each outside service uses. Embedded ones keep everything on this server."
          >
            <Table>
              <TableHeader>
                <TableRow>
                  <TableHead>Service</TableHead>
                  <TableHead>Provider</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {(data.providers ?? []).map((entry) => (
                  <TableRow key={entry.service}>
                    <TableCell>{SERVICE_LABELS[entry.service] ?? entry.service}</TableCell>
                    <TableCell>
                      {entry.provider}
                      {entry.embedded ? ' (embedded)' : ''}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Section>
          <Section title="Versions" description="What this server runs.">
            <p className="text-sm">
              API {data.versions.api} · Node {data.versions.node} ·{' '}
              {data.versions.database === 'postgresql' ? 'PostgreSQL' : 'Embedded database'} · schema{' '}
              {data.versions.schema}
            </p>
          </Section>
        </>
      )}
    </section>
  );
}

/** The reconciler's last run: when, what it checked, and each difference with what was done. */
function ReconciliationSummary({ run }: { run: SystemStatusDto['reconciliation'] }) {
  if (!run) return <p className="text-sm text-muted-foreground">{messages.operations.reconciliationNever}</p>;
  return (
    <div className="space-y-2 text-sm">
      <p>
        Last run {when(run.finished_at ?? run.started_at)}:{' '}
        {countText(run.tasks_checked, { one: firstUserText.reconciliationRunOne, other: firstUserText.reconciliationRun })},{' '}
        {countText(run.drift_found, { one: firstUserText.reconciliationDriftOne, other: firstUserText.reconciliationDrift })},{' '}
        {run.repaired} repaired, {run.unresolved} for an admin.
      </p>
      {run.findings.length === 0 ? (
        <p className="text-muted-foreground">{messages.operations.reconciliationClean}</p>
      ) : (
        <ul className="space-y-1">
          {run.findings.map((finding, index) => (
            <li key={`${finding.task_id}-${finding.kind}-${index}`}>
              <a className="underline" href={`/task/${finding.task_id}`}>
                Task {finding.task_id.slice(0, 8)}
              </a>{' '}
              · {finding.kind.replace(/_/g, ' ')} · {finding.repaired ? 'repaired' : 'needs a look'} · {finding.detail}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
