import type { ReactNode } from 'react';
import { ExternalLink } from 'lucide-react';
import { formatUsd } from '@shared/domain/money';
import { messages } from '@shared/messages';
import { evidenceTrustMessages as evidenceTrustText } from '@shared/messages/evidence-trust';
import { Badge } from '@web/components/ui/badge';
import type { TaskDetailsDto } from '@shared/schemas/task-api';
import { TaskStatusBadge } from '@web/components/task';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { formatDateTime, formatDay, mapLink } from './format';

const detailsText = messages.taskPages.details;

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-0.5 sm:grid-cols-[10rem_1fr] sm:gap-3">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="min-w-0 break-words text-sm">{children}</dd>
    </div>
  );
}

/** Task info: location with coordinates and a map link, budget, category, urgency, dates, requirements, description. */
export function TaskInfoCard({ task }: { task: TaskDetailsDto }) {
  const coordinates = `${task.latitude.toFixed(5)}, ${task.longitude.toFixed(5)}`;
  return (
    <Card>
      {/* On a phone the badge goes under the title rather than squeezing it onto two lines. */}
      <CardHeader className="flex-row flex-wrap items-center justify-between gap-2">
        <CardTitle asChild>
          <h2>{detailsText.infoTitle}</h2>
        </CardTitle>
        <TaskStatusBadge status={task.status} />
      </CardHeader>
      <CardContent className="space-y-4">
        <dl className="space-y-3">
          <Row label={detailsText.location}>{task.location}</Row>
          <Row label={detailsText.coordinates}>
            <span className="tabular-nums">{coordinates}</span>{' '}
            <a
              href={mapLink(task.latitude, task.longitude)}
              target="_blank"
              rel="noreferrer noopener"
              className="inline-flex items-center gap-1 text-primary underline-offset-4 hover:underline"
            >
              {detailsText.viewOnMap}
              <ExternalLink aria-hidden="true" className="size-3" />
            </a>
          </Row>
          <Row label={detailsText.budget}>{formatUsd(task.budget)}</Row>
          <Row label={detailsText.category}>{messages.taskPages.categories[task.category] ?? task.category}</Row>
          <Row label={detailsText.urgency}>{messages.taskPages.urgencies[task.urgency] ?? task.urgency}</Row>
          <Row label={detailsText.dueDate}>{formatDay(task.due_date) ?? detailsText.notSet}</Row>
          <Row label={detailsText.requirements}>
            <span className="whitespace-pre-wrap">{task.requirements}</span>
          </Row>
          <Row label={detailsText.created}>{formatDateTime(task.created_at) ?? detailsText.notSet}</Row>
          <Row label={detailsText.published}>{formatDateTime(task.published_at) ?? detailsText.notSet}</Row>
          <Row label={detailsText.assigned}>{formatDateTime(task.assigned_at) ?? detailsText.notSet}</Row>
          <Row label={detailsText.updated}>{formatDateTime(task.updated_at) ?? detailsText.notSet}</Row>
        </dl>
        <div className="space-y-1">
          <h3 className="text-sm font-medium">{detailsText.description}</h3>
          <p className="whitespace-pre-wrap text-sm text-muted-foreground">{task.description}</p>
        </div>
        {task.checklist && task.checklist.length > 0 ? <ChecklistPreview checklist={task.checklist} /> : null}
      </CardContent>
    </Card>
  );
}

/**
 * What the expert must capture, shown with the task itself so an expert sees it before applying
 * (issue 52); the assigned expert then walks the same items in the evidence form.
 */
function ChecklistPreview({ checklist }: { checklist: NonNullable<TaskDetailsDto['checklist']> }) {
  return (
    <div className="space-y-2" data-testid="task-checklist">
      <h3 className="text-sm font-medium" id="task-checklist-title">
        {evidenceTrustText.checklistTitle}
      </h3>
      <ol className="space-y-1.5" aria-labelledby="task-checklist-title">
        {checklist.map((item) => (
          <li key={item.id} className="flex flex-wrap items-center gap-2 text-sm">
            <span className="min-w-0 break-words">{item.label}</span>
            <Badge variant="secondary">{item.kind === 'video' ? evidenceTrustText.kindVideo : evidenceTrustText.kindPhoto}</Badge>
            <Badge variant={item.required ? 'warning' : 'outline'}>
              {item.required ? evidenceTrustText.checklistRequired : evidenceTrustText.checklistOptional}
            </Badge>
          </li>
        ))}
      </ol>
    </div>
  );
}
