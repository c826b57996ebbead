import { Lightbulb } from 'lucide-react';
import { formatUsd } from '@shared/domain/money';
import { taskGuidance } from '@shared/domain/task-guidance';
import { messages } from '@shared/messages';
import type { TaskDetailsDto } from '@shared/schemas/task-api';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';

const taskSidebarText = messages.taskSidebar;

export type OpenTaskViewer = 'owner' | 'admin' | 'applicant' | 'expert' | 'other';

/** The right column of an open task: the owner's summary of applications, and a Next Steps hint. */
export function OpenTaskAside({ task, viewer }: { task: TaskDetailsDto; viewer: OpenTaskViewer }) {
  const seesApplications = viewer === 'owner' || viewer === 'admin';
  const hint = taskGuidance({ ...task, reviewed: false }, viewer === 'other' ? 'visitor' : viewer).nextStep;
  return (
    <div className="space-y-6" data-testid="open-task-aside">
      {seesApplications ? <ApplicationsSummary task={task} /> : null}
      {hint ? (
        <Card className="border-info/30 bg-info/5">
          <CardHeader>
            <CardTitle asChild>
              <h2 className="flex items-center gap-2">
                <Lightbulb aria-hidden="true" className="size-4 text-info" />
                {taskSidebarText.nextStepsTitle}
              </h2>
            </CardTitle>
          </CardHeader>
          <CardContent>
            <p className="text-sm">{hint}</p>
          </CardContent>
        </Card>
      ) : null}
    </div>
  );
}

function ApplicationsSummary({ task }: { task: TaskDetailsDto }) {
  const applications = task.applications;
  const pending = applications.filter((application) => application.status === 'pending').length;
  const rates = applications.map((application) => application.proposed_rate);
  const low = rates.length > 0 ? Math.min(...rates) : null;
  const high = rates.length > 0 ? Math.max(...rates) : null;
  return (
    <Card data-testid="applications-summary">
      <CardHeader>
        <CardTitle asChild>
          <h2>{taskSidebarText.summaryTitle}</h2>
        </CardTitle>
      </CardHeader>
      <CardContent>
        {applications.length === 0 ? (
          <p className="text-sm text-muted-foreground">{taskSidebarText.noApplicationsYet}</p>
        ) : (
          <dl className="grid gap-3 text-sm">
            <div className="flex items-baseline justify-between gap-3">
              <dt className="text-muted-foreground">{taskSidebarText.applicationsReceived}</dt>
              <dd className="font-semibold tabular-nums">{applications.length}</dd>
            </div>
            <div className="flex items-baseline justify-between gap-3">
              <dt className="text-muted-foreground">{taskSidebarText.pendingReview}</dt>
              <dd className="font-semibold tabular-nums">{pending}</dd>
            </div>
            {low !== null && high !== null ? (
              <div className="flex items-baseline justify-between gap-3">
                <dt className="text-muted-foreground">{taskSidebarText.rateRange}</dt>
                <dd className="font-semibold tabular-nums">
                  {low === high ? formatUsd(low) : `${formatUsd(low)} – ${formatUsd(high)}`}
                </dd>
              </div>
            ) : null}
          </dl>
        )}
      </CardContent>
    </Card>
  );
}
