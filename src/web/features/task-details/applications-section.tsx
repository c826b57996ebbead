import { formatUsd } from '@shared/domain/money';
import { format } from '@shared/format-message';
import type { TaskCapability } from '@shared/domain/permissions';
import { messages } from '@shared/messages';
import type { ApplicationDto, TaskDetailsDto } from '@shared/schemas/task-api';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { api, ApiError } from '@web/lib/api';
import { AdminReasonDialog } from '@web/components/admin-reason-dialog';
import { ApplicationStatusBadge } from './application-status-badge';
import { ExpertSummary } from './expert-card';
import { AssignButton, OffersPanel } from './offers/offers-panel';
import { errorText, taskPath, useTaskAction } from './task-query';

const detailsText = messages.taskPages.details;

/** Race losers get the spec's own sentence; other failures the "Failed to ... : {msg}" template. */
const assignFailure = (error: unknown) =>
  error instanceof ApiError && error.status === 409
    ? error.message
    : format(messages.applications.assignFailed, { msg: errorText(error) });

export interface ApplicationsSectionProps {
  task: TaskDetailsDto;
  capabilities: Set<TaskCapability>;
  /** The hiring callback: the page opens the payment dialog for this amount. */
  onHired: (amountCents: number) => void;
  /** An admin hires in the client's place: the Assign dialog asks for the reason (issue 27). */
  asAdmin?: boolean;
}

/** The client's applicants: expert summary, proposed rate, cover letter, Assign and Reject. */
export function ApplicationsSection({ task, capabilities, onHired, asAdmin = false }: ApplicationsSectionProps) {
  const assign = useTaskAction<ApplicationDto & { override_reason?: string }>({
    taskId: task.id,
    run: (application) =>
      api.post<{ message?: string }>(taskPath(task.id, '/assign'), {
        application_id: application.id,
        ...(application.override_reason ? { override_reason: application.override_reason } : {}),
      }),
    success: messages.applications.assigned,
    failure: assignFailure,
    // The hiring callback: the client authorizes the card hold for the proposed rate right away
    // (an admin does not pay: the client does, from their own page).
    onSuccess: (_result, application) => (asAdmin ? undefined : onHired(application.proposed_rate)),
  });
  const reject = useTaskAction<ApplicationDto>({
    taskId: task.id,
    run: (application) =>
      api.post(taskPath(task.id, `/applications/${encodeURIComponent(application.id)}/reject`)),
    success: () => messages.applications.rejected,
    failure: (error) => format(messages.applications.rejectFailed, { msg: errorText(error) }),
  });

  const canAssign = capabilities.has('assign');
  const busyId =
    (assign.isPending && assign.variables?.id) || (reject.isPending && reject.variables?.id) || null;

  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2>
            {detailsText.applicationsTitle} <span className="text-muted-foreground">({task.applications.length})</span>
          </h2>
        </CardTitle>
      </CardHeader>
      <CardContent>
        {task.applications.length === 0 ? (
          <p className="text-sm text-muted-foreground">{messages.applications.none}</p>
        ) : (
          <ul className="space-y-4" aria-label={detailsText.applicationsTitle}>
            {task.applications.map((application) => (
              <li key={application.id} className="space-y-3 rounded-lg border p-4" data-testid="application">
                <ExpertSummary expert={application.expert} />
                <dl className="grid gap-2 text-sm">
                  <div className="flex flex-wrap items-center gap-2">
                    <dt className="text-muted-foreground">{detailsText.proposedRate}:</dt>
                    <dd className="font-semibold tabular-nums">{formatUsd(application.proposed_rate)}</dd>
                    <dd>
                      <ApplicationStatusBadge status={application.status} />
                    </dd>
                  </div>
                  <div>
                    <dt className="text-muted-foreground">{detailsText.coverLetter}</dt>
                    <dd className="whitespace-pre-wrap">{application.notes}</dd>
                  </div>
                </dl>
                <OffersPanel taskId={task.id} applicationId={application.id} open={application.status === 'pending' && task.status === 'open'} />
                {canAssign && application.status === 'pending' ? (
                  <div className="flex flex-wrap gap-2">
                    {asAdmin ? (
                      <AdminReasonDialog
                        label={detailsText.assign}
                        busyLabel={detailsText.assigning}
                        title={messages.adminOverrides.assignTitle}
                        description={messages.adminOverrides.assignText}
                        busy={assign.isPending && busyId === application.id}
                        disabled={Boolean(busyId)}
                        onConfirm={(reason) => assign.mutateAsync({ ...application, override_reason: reason })}
                      />
                    ) : (
                      <AssignButton
                        taskId={task.id}
                        applicationId={application.id}
                        disabled={Boolean(busyId)}
                        onAssign={() => assign.mutate(application)}
                        label={assign.isPending && busyId === application.id ? detailsText.assigning : detailsText.assign}
                      />
                    )}
                    <Button
                      variant="outline"
                      disabled={Boolean(busyId)}
                      onClick={() => reject.mutate(application)}
                    >
                      {reject.isPending && busyId === application.id ? detailsText.rejecting : detailsText.reject}
                    </Button>
                  </div>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
