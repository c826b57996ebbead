import { taskGuidance } from '@shared/domain/task-guidance';
import type { TaskCapability } from '@shared/domain/permissions';
import { format } from '@shared/format-message';
import { formatUsd } from '@shared/domain/money';
import { messages } from '@shared/messages';
import type { TaskDetailsDto } from '@shared/schemas/task-api';
import { Badge } from '@web/components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { api } from '@web/lib/api';
import { AdminReasonDialog } from '@web/components/admin-reason-dialog';
import { ConfirmAction } from './confirm-action';
import { confirmPayTexts } from './confirm-texts';
import { useEvidenceItems } from '@web/components/evidence/evidence-items-query';
import { EvidenceByItem } from '@web/components/evidence/evidence-by-item';
import { ReportPanel } from './evidence-provenance';
import { RejectEvidenceDialog } from './money/reject-evidence-dialog';
import { formatDateTime } from './format';
import { countText } from '@shared/plural';
import { ChangeRounds } from './changes/change-rounds';
import { RequestChangesDialog } from './changes/request-changes-dialog';
import { failureText, taskPath, useTaskAction } from './task-query';

const detailsText = messages.taskPages.details;

/** Evidence files are private: the API serves them to the task's parties and admins only. */
export const evidenceUrl = (taskId: string, index: number) => taskPath(taskId, `/evidence/${index}`);

export interface EvidenceSectionProps {
  task: TaskDetailsDto;
  capabilities: Set<TaskCapability>;
  /** An admin confirms or rejects in the client's place: the dialogs ask for the reason (issue 27). */
  asAdmin?: boolean;
}

/** The submitted evidence (notes and photos) and, for the client, Confirm & Pay or Reject. */
export function EvidenceSection({ task, capabilities, asAdmin = false }: EvidenceSectionProps) {
  const confirm = useTaskAction<string | void>({
    taskId: task.id,
    run: (reason) =>
      api.post<{ message?: string }>(taskPath(task.id, '/evidence/confirm'), reason ? { override_reason: reason } : {}),
    success: messages.payment.captured,
    failure: (error) => failureText(error, messages.evidence.confirmFailed),
  });
  const badge = taskGuidance({ ...task, reviewed: (task.reviews ?? []).length > 0 }, 'visitor').evidenceBadge;
  const busy = confirm.isPending;
  const files = Array.from({ length: task.evidence_file_count }, (_, index) => index);
  const items = useEvidenceItems(task.id);
  // Issue 50: at most two rounds of changes (the server counts them; the page reads what is left).
  const roundsLeft = items.data?.rounds_left ?? 0;
  const canRequestChanges = capabilities.has('request_changes') && !asAdmin && roundsLeft > 0;
  const roundsUsedUp = capabilities.has('request_changes') && !asAdmin && items.data !== undefined && roundsLeft === 0;

  return (
    <Card>
      <CardHeader className="flex-row items-center justify-between gap-2">
        <CardTitle asChild>
          <h2>{detailsText.evidenceTitle}</h2>
        </CardTitle>
        {badge ? <Badge variant={badge.tone}>{badge.text}</Badge> : null}
      </CardHeader>
      <CardContent className="space-y-4">
        {task.submitted_at ? (
          <p className="text-xs text-muted-foreground">
            {detailsText.evidenceSubmitted}: {formatDateTime(task.submitted_at)}
          </p>
        ) : null}
        <div className="space-y-1">
          <h3 className="text-sm font-medium">{detailsText.completionNotes}</h3>
          <p className="whitespace-pre-wrap text-sm" data-testid="completion-notes">
            {task.completion_notes}
          </p>
        </div>
        {items.data && items.data.files.length > 0 ? (
          <EvidenceByItem taskId={task.id} items={items.data} />
        ) : files.length > 0 ? (
          <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3" aria-label={detailsText.evidenceFilesLabel}>
            {files.map((index) => {
              const alt = format(detailsText.evidenceImageAlt, { number: index + 1 });
              return (
                <li key={index}>
                  <a
                    href={evidenceUrl(task.id, index)}
                    target="_blank"
                    rel="noreferrer"
                    className="block overflow-hidden rounded-md border"
                  >
                    <img
                      src={`${evidenceUrl(task.id, index)}/thumbnail`}
                      alt={alt}
                      loading="lazy"
                      className="aspect-square w-full object-cover"
                    />
                  </a>
                </li>
              );
            })}
          </ul>
        ) : null}
        {items.data?.rounds?.length ? <ChangeRounds rounds={items.data.rounds} checklist={items.data.checklist} /> : null}
        {items.data?.report ? <ReportPanel taskId={task.id} report={items.data.report} /> : null}
        {canRequestChanges ? (
          <p className="text-xs text-muted-foreground">
            {countText(roundsLeft, { one: messages.evidenceChanges.roundsLeftOne, other: messages.evidenceChanges.roundsLeft })}
          </p>
        ) : null}
        {roundsUsedUp ? <p className="text-xs text-muted-foreground">{messages.evidenceChanges.noRoundsLeftHint}</p> : null}
        {capabilities.has('confirm_evidence') || capabilities.has('reject_evidence') ? (
          <div className="flex flex-wrap gap-2">
            {capabilities.has('confirm_evidence') && asAdmin ? (
              <AdminReasonDialog
                label={detailsText.confirmPay}
                busyLabel={detailsText.confirming}
                title={messages.adminOverrides.confirmTitle}
                description={format(messages.adminOverrides.confirmText, { amount: formatUsd(task.budget) })}
                busy={confirm.isPending}
                disabled={busy}
                onConfirm={(reason) => confirm.mutateAsync(reason)}
              />
            ) : capabilities.has('confirm_evidence') ? (
              <ConfirmAction {...confirmPayTexts(task.budget)} disabled={busy} mutation={confirm} />
            ) : null}
            {canRequestChanges ? <RequestChangesDialog taskId={task.id} checklist={items.data?.checklist ?? null} disabled={busy} /> : null}
            {capabilities.has('reject_evidence') ? <RejectEvidenceDialog taskId={task.id} disabled={busy} asAdmin={asAdmin} /> : null}
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}
