import { useState } from 'react';
import { format } from '@shared/format-message';
import { formatUsd } from '@shared/domain/money';
import { messages } from '@shared/messages';
import type { DisputeDto, TaskMoneyDto } from '@shared/schemas/disputes.schemas';
import { Countdown } from '@web/components/money/countdown';
import { Alert, AlertDescription } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { api } from '@web/lib/api';
import { ConfirmAction } from '../confirm-action';
import { CONFIRMS } from '../confirm-texts';
import { PaymentDialog } from '../payment';
import { EvidenceUploadForm } from '../evidence-upload-form';
import { formatDateTime } from '../format';
import { failureText, taskPath, useTaskAction } from '../task-query';
import { useTaskMoney } from './money-api';

const holdsText = messages.holds;
const disputesText = messages.disputes;

export interface TaskMoneyPanelProps {
  taskId: string;
  viewer: 'client' | 'expert' | 'admin';
}

/**
 * The money side of a task (issue 13): the hold's countdown, the review window's countdown, a
 * lapsed hold, re-authorization, and the dispute with the expert's answers. Shown to the client,
 * the assigned expert and admins; renders nothing when there is nothing to say.
 */
export function TaskMoneyPanel({ taskId, viewer }: TaskMoneyPanelProps) {
  const query = useTaskMoney(taskId);
  if (!query.data) return null;
  const money = query.data;
  const offsetMs = money.offsetMs;
  // A cancelled task's hold is being released (issue 52): no countdown of a hold nobody will capture.
  const holdLive = money.status !== 'cancelled' && money.payment_status === 'authorized' && money.authorization_hold_expires_at;
  const reviewing = money.status === 'pending_approval' && money.review_window_ends_at;
  const lapsed = money.status === 'payment_lapsed';
  const dispute = money.dispute;
  if (!holdLive && !reviewing && !lapsed && !dispute) return null;

  return (
    <Card data-testid="task-money-panel">
      <CardHeader>
        <CardTitle asChild>
          <h2>{holdsText.panelTitle}</h2>
        </CardTitle>
      </CardHeader>
      <CardContent className="space-y-3 text-sm">
        {holdLive ? (
          <p>
            <Countdown deadline={money.authorization_hold_expires_at!} template={holdsText.expiresIn} expiredText={holdsText.expired} offsetMs={offsetMs} />
          </p>
        ) : null}
        {reviewing ? (
          <p>
            <Countdown
              deadline={money.review_window_ends_at!}
              template={viewer === 'expert' ? holdsText.reviewEndsInExpert : holdsText.reviewEndsIn}
              expiredText={holdsText.expired}
              offsetMs={offsetMs}
            />
          </p>
        ) : null}
        {lapsed ? (
          <Alert variant="destructive">
            <AlertDescription>{viewer === 'client' ? holdsText.lapsedClient : holdsText.lapsedExpert}</AlertDescription>
          </Alert>
        ) : null}
        {money.can_reauthorize ? <Reauthorize taskId={taskId} money={money} /> : null}
        {dispute ? <DisputeBlock taskId={taskId} dispute={dispute} money={money} viewer={viewer} /> : null}
      </CardContent>
    </Card>
  );
}

function Reauthorize({ taskId, money }: { taskId: string; money: TaskMoneyDto }) {
  const [dialogOpen, setDialogOpen] = useState(false);
  const renew = useTaskAction({
    taskId,
    run: () => api.post<{ message?: string }>(taskPath(taskId, '/payment/reauthorize')),
    success: holdsText.reauthorized,
    failure: (error) => failureText(error, format(holdsText.reauthorizeNeedsDialog, { msg: '' })),
  });
  const lapsed = money.status === 'payment_lapsed';
  const expiringSoon =
    money.authorization_hold_expires_at &&
    new Date(money.authorization_hold_expires_at).getTime() - new Date(money.server_now).getTime() < 24 * 3_600_000;
  if (!lapsed && !expiringSoon) return null;
  // No reusable saved card: a new card through the payment dialog. Once the hold lapsed, the
  // payment section's own dialog does it, so only a live hold is renewed from here.
  if (money.reauthorize_with === 'payment_dialog') {
    if (lapsed) return null;
    return (
      <div className="space-y-2">
        <p className="text-muted-foreground">{holdsText.reauthorizeDialogHint}</p>
        <Button onClick={() => setDialogOpen(true)}>{holdsText.reauthorizeDialogButton}</Button>
        <PaymentDialog taskId={taskId} open={dialogOpen} onOpenChange={setDialogOpen} amountCents={money.amount_cents} renewal />
      </div>
    );
  }
  return (
    <div className="space-y-2">
      <p className="text-muted-foreground">{holdsText.reauthorizeHint}</p>
      <Button onClick={() => renew.mutate()} disabled={renew.isPending || money.reauthorize_with !== 'saved_card'}>
        {holdsText.reauthorizeButton}
      </Button>
    </div>
  );
}

function resolutionText(dispute: DisputeDto): string | null {
  switch (dispute.resolution) {
    case 'release':
      return disputesText.resolutionRelease;
    case 'refund':
      return disputesText.resolutionRefund;
    case 'partial':
      return format(disputesText.resolutionPartial, { amount: formatUsd(dispute.captured_amount ?? 0) });
    case 'expert_accepted':
      return disputesText.rejectionAccepted;
    default:
      return null;
  }
}

function DisputeBlock({
  taskId,
  dispute,
  money,
  viewer,
}: {
  taskId: string;
  dispute: DisputeDto;
  money: TaskMoneyDto;
  viewer: TaskMoneyPanelProps['viewer'];
}) {
  const accept = useTaskAction({
    taskId,
    run: () => api.post<{ message?: string }>(taskPath(taskId, '/dispute/accept')),
    success: disputesText.rejectionAccepted,
    failure: (error) => failureText(error, disputesText.notOpen),
  });
  const resolved = resolutionText(dispute);
  return (
    <section aria-labelledby="dispute-heading" className="space-y-2 rounded-md border p-3" data-testid="dispute">
      <h3 id="dispute-heading" className="font-medium">
        {disputesText.disputeHeading}
      </h3>
      <p className="text-xs text-muted-foreground">{format(disputesText.disputeOpenedOn, { date: formatDateTime(dispute.created_at) ?? '' })}</p>
      <div>
        <h4 className="text-xs font-medium">{disputesText.reasonHeading}</h4>
        <p className="whitespace-pre-wrap">{dispute.reason}</p>
      </div>
      {dispute.request_changes && dispute.status === 'open' ? <p>{disputesText.changesRequested}</p> : null}
      {resolved ? <p className="font-medium">{resolved}</p> : money.status === 'disputed' ? <p>{disputesText.waitingForAdmin}</p> : null}
      {viewer === 'expert' && (money.can_resubmit || money.can_accept_rejection) ? (
        <div className="space-y-3">
          <p>{disputesText.expertResubmitHint}</p>
          {money.can_resubmit ? <EvidenceUploadForm taskId={taskId} path="/evidence/resubmit" title={disputesText.resubmitButton} /> : null}
          {money.can_accept_rejection ? (
            <ConfirmAction {...CONFIRMS.acceptRejection} mutation={accept} />
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
