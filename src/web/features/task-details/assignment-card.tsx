import { messages } from '@shared/messages';
import type { TaskCapability } from '@shared/domain/permissions';
import type { TaskDetailsDto } from '@shared/schemas/task-api';
import { Alert, AlertDescription } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { api } from '@web/lib/api';
import { CancelBookingDialog } from './cancel-booking-dialog';
import { NoAccessReportDialog } from './no-access/no-access-report-dialog';
import { ReportClientDialog } from './report-client-dialog';
import { failureText, taskPath, useTaskAction } from './task-query';

const detailsText = messages.taskPages.details;

export interface AssignmentCardProps {
  task: TaskDetailsDto;
  capabilities: Set<TaskCapability>;
}

/**
 * The assigned expert's card: Accept (once the client's payment is authorized); Decline while
 * assigned and Abandon while in progress, both the expert's cancel with a reason (issue 50); No
 * access once a visit is agreed; and Report Client when the payment is missing or expired.
 */
export function AssignmentCard({ task, capabilities }: AssignmentCardProps) {
  const action = (path: string) => () => api.post<{ message?: string }>(taskPath(task.id, path));
  const accept = useTaskAction({
    taskId: task.id,
    run: action('/accept'),
    success: messages.tasks.accepted,
    failure: (error) => failureText(error, messages.tasks.acceptFailed),
  });
  const assigned = task.status === 'assigned';
  const inProgress = task.status === 'in_progress';
  const canReport = capabilities.has('report_client');
  // Accepting needs the client's authorized payment (the server refuses too); until then the button
  // is disabled and the reason above it names why. The page refreshes when the payment arrives.
  const waitingForPayment = assigned && !capabilities.has('accept');
  if (!assigned && !inProgress && !canReport) return null;

  return (
    <Card data-testid="assignment-card">
      <CardHeader>
        <CardTitle asChild>
          <h2>{detailsText.assignmentTitle}</h2>
        </CardTitle>
      </CardHeader>
      <CardContent className="space-y-3">
        <p className="text-sm text-muted-foreground">{inProgress ? detailsText.inProgressText : detailsText.assignmentText}</p>
        {waitingForPayment ? (
          <Alert variant="info">
            <AlertDescription>
              <p id={`accept-reason-${task.id}`}>{detailsText.waitingForPayment}</p>
            </AlertDescription>
          </Alert>
        ) : null}
        <div className="flex flex-wrap gap-2">
          {assigned ? (
            <Button
              disabled={accept.isPending || waitingForPayment}
              aria-describedby={waitingForPayment ? `accept-reason-${task.id}` : undefined}
              onClick={() => accept.mutate()}
            >
              {accept.isPending ? detailsText.accepting : detailsText.accept}
            </Button>
          ) : null}
          {capabilities.has('report_no_access') ? <NoAccessReportDialog taskId={task.id} /> : null}
          {capabilities.has('expert_cancel') ? (
            // Issue 50 (decision 0461): one way out for the hired expert, under the spec's words
            // (Decline while assigned, Abandon once started), always with a reason and the policy.
            <CancelBookingDialog
              taskId={task.id}
              party="expert"
              label={assigned ? detailsText.decline : detailsText.abandon}
              busyLabel={detailsText.cancelling}
            />
          ) : null}
          {canReport ? <ReportClientDialog taskId={task.id} /> : null}
        </div>
      </CardContent>
    </Card>
  );
}
