import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { formatUsd, splitAmountCents } from '@shared/domain/money';
import { isHoldExpired, type PaymentStatus } from '@shared/domain/task-status';
import { paymentStatusLabel } from '@shared/domain/task-status-labels';
import { format } from '@shared/format-message';
import { taskGuidance } from '@shared/domain/task-guidance';
import { messages } from '@shared/messages';
import type { TaskDetailsDto, TransactionStatus } from '@shared/schemas/task-api';
import { Countdown } from '@web/components/money/countdown';
import { Alert, AlertDescription, AlertTitle } from '@web/components/ui/alert';
import { Badge, type BadgeVariant } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from '@web/components/ui/card';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@web/components/ui/table';
import { useMe } from '@web/lib/session';
import { paymentErrorMessage, refreshTaskQueries, retryCapture } from './payment-api';
import { PaymentDialog } from './payment-dialog';
import { percentText, useFeePercent } from './fee-percent';
import { formatDateTimeMedium } from '@shared/domain/plain-format';

const text = messages.payment.section;

/** pending and unpaid both read 'Expert Assigned - Payment Pending' once an expert is assigned (spec). */
export function paymentStatusText(status: PaymentStatus): string {
  return status === 'unpaid' || status === 'pending'
    ? messages.paymentStatus.pending
    : paymentStatusLabel(status);
}

/**
 * The panel's status, from the task's real state (issue 52): a cancelled task says what became of the
 * money (hold released, being released, refunded, or none taken) instead of the payment column alone,
 * which a voided hold resets to unpaid ("Expert Assigned - Payment Pending").
 */
export function paymentPanelStatus(
  task: Pick<TaskDetailsDto, 'status' | 'payment_status' | 'transactions'>,
): { label: string; variant: BadgeVariant } {
  if (task.status !== 'cancelled') {
    return { label: paymentStatusText(task.payment_status), variant: STATUS_BADGE[task.payment_status] };
  }
  const had = (status: TransactionStatus) => task.transactions.some((row) => row.status === status);
  if (had('refunded') || had('partially_refunded')) return { label: text.cancelledRefunded, variant: 'outline' };
  if (task.payment_status === 'captured') return { label: paymentStatusText('captured'), variant: 'success' };
  if (task.payment_status === 'authorized' || task.payment_status === 'pending') {
    return { label: text.cancelledReleasing, variant: 'outline' };
  }
  return { label: had('voided') || had('authorized') ? text.cancelledReleased : text.cancelledNoPayment, variant: 'outline' };
}

const STATUS_BADGE: Record<PaymentStatus, BadgeVariant> = {
  unpaid: 'warning',
  pending: 'warning',
  authorized: 'secondary',
  captured: 'success',
};

const TRANSACTION_BADGE: Record<TransactionStatus, BadgeVariant> = {
  pending: 'outline',
  authorized: 'secondary',
  captured: 'success',
  refunded: 'outline',
  failed: 'destructive',
  partially_refunded: 'outline',
  voided: 'outline',
};

const dateTime = (iso: string) => formatDateTimeMedium(new Date(iso));

/** The Next Steps hint for the client, from the task's status (taskGuidance decides every hint). */
export function nextStep(task: Pick<TaskDetailsDto, 'status' | 'payment_status' | 'reviews'>): string {
  return taskGuidance({ ...task, reviewed: (task.reviews ?? []).length > 0 }, 'owner').nextStep ?? '';
}

/**
 * The payment section of the task page: for the task's client, once an expert is assigned and the
 * task is no longer open. Status, amounts with the fee split, the hold's expiry, the transactions,
 * and the actions that fit (authorize, retry a failed capture).
 */
export function PaymentSection({ task, now = new Date() }: { task: TaskDetailsDto; now?: Date }) {
  const me = useMe();
  const feePercent = useFeePercent(task.transactions);
  const queryClient = useQueryClient();
  const [dialogOpen, setDialogOpen] = useState(false);
  const capture = useMutation({
    mutationFn: () => retryCapture(task.id),
    onSuccess: async (result) => {
      if (result.success) toast.success(messages.payment.captured);
      else toast.error(result.error ?? messages.payment.cannotCapture);
      await refreshTaskQueries(queryClient, task.id);
    },
    onError: (error) => toast.error(paymentErrorMessage(error, messages.payment.cannotCapture)),
  });

  if (me.data?.user.id !== task.client_id || !task.expert_id || task.status === 'open') return null;

  const amount = task.budget_figure || task.budget;
  const split = splitAmountCents(amount, feePercent);
  const cancelled = task.status === 'cancelled';
  const panelStatus = paymentPanelStatus(task);
  const holdExpiry = cancelled ? null : task.authorization_hold_expires_at;
  const holdExpired = !cancelled && task.payment_status === 'authorized' && isHoldExpired(task, now);
  const canAuthorize = task.capabilities.includes('authorize_payment');
  const canRetryCapture = task.capabilities.includes('capture_payment');
  // Confirmed, the capture owed by its job and not yet recorded (decision 0440).
  const beingCaptured =
    (task.status === 'verified' || task.status === 'completed') && task.payment_status === 'authorized' && !holdExpired;

  return (
    <Card aria-labelledby="payment-section-title">
      <CardHeader className="flex flex-row items-center justify-between gap-2">
        <CardTitle asChild>
          <h2 id="payment-section-title">{text.title}</h2>
        </CardTitle>
        <Badge variant={panelStatus.variant}>{panelStatus.label}</Badge>
      </CardHeader>
      <CardContent className="grid gap-4">
        <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-sm">
          <dt className="text-muted-foreground">{text.statusLabel}</dt>
          <dd className="text-right">{panelStatus.label}</dd>
          <dt className="text-muted-foreground">{text.amountLabel}</dt>
          <dd className="text-right font-medium">{formatUsd(split.amountCents)}</dd>
          <dt className="text-muted-foreground">
            {format(messages.payment.dialog.feeLabelPercent, { percent: percentText(feePercent) })}
          </dt>
          <dd className="text-right">{formatUsd(split.platformFeeCents)}</dd>
          <dt className="text-muted-foreground">
            {format(messages.payment.dialog.expertShareLabelPercent, {
              percent: percentText(100 - feePercent),
            })}
          </dt>
          <dd className="text-right">{formatUsd(split.expertShareCents)}</dd>
          {holdExpiry && task.payment_status === 'authorized' ? (
            <>
              <dt className="text-muted-foreground">{text.holdExpiresLabel}</dt>
              <dd className="text-right">
                <time dateTime={holdExpiry}>{dateTime(holdExpiry)}</time>
                <Countdown
                  deadline={holdExpiry}
                  template={messages.holds.expiresIn}
                  expiredText={messages.holds.expired}
                  className="block text-xs text-muted-foreground"
                />
              </dd>
            </>
          ) : null}
        </dl>
        {beingCaptured ? (
          <Alert variant="info" role="status">
            <AlertTitle>{text.beingCapturedTitle}</AlertTitle>
            <AlertDescription>{text.beingCaptured}</AlertDescription>
          </Alert>
        ) : null}
        {holdExpired ? (
          <Alert variant="warning">
            <AlertDescription>{text.holdExpired}</AlertDescription>
          </Alert>
        ) : null}

        <section aria-labelledby="payment-transactions-title" className="grid gap-2">
          <h3 id="payment-transactions-title" className="text-sm font-medium">
            {text.transactionsTitle}
          </h3>
          {task.transactions.length === 0 ? (
            <p className="text-sm text-muted-foreground">{text.noTransactions}</p>
          ) : (
            <Table stackOnPhone>
              <TableHeader>
                <TableRow>
                  <TableHead>{text.dateLabel}</TableHead>
                  <TableHead className="text-right">{text.amountLabel}</TableHead>
                  <TableHead className="text-right">{text.feeLabel}</TableHead>
                  <TableHead>{text.transactionStatusLabel}</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {task.transactions.map((row) => (
                  <TableRow key={row.id}>
                    <TableCell>
                      <time dateTime={row.created_at}>{dateTime(row.created_at)}</time>
                    </TableCell>
                    <TableCell className="text-right">{formatUsd(row.amount)}</TableCell>
                    <TableCell className="text-right">{formatUsd(row.platform_fee)}</TableCell>
                    <TableCell>
                      <Badge variant={TRANSACTION_BADGE[row.status]}>
                        {messages.payment.transactionStatus[row.status]}
                      </Badge>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
        </section>

        {nextStep(task) && !beingCaptured ? (
          <Alert variant="info">
            <AlertTitle>{text.nextStepsTitle}</AlertTitle>
            <AlertDescription>{nextStep(task)}</AlertDescription>
          </Alert>
        ) : null}
      </CardContent>
      {canAuthorize || canRetryCapture ? (
        <CardFooter className="flex flex-wrap justify-end gap-2">
          {canAuthorize ? (
            <Button type="button" onClick={() => setDialogOpen(true)}>
              {text.authorize}
            </Button>
          ) : null}
          {canRetryCapture ? (
            <Button
              type="button"
              variant="outline"
              disabled={capture.isPending}
              onClick={() => capture.mutate()}
            >
              {capture.isPending ? text.retrying : text.retryCapture}
            </Button>
          ) : null}
        </CardFooter>
      ) : null}
      {canAuthorize ? (
        <PaymentDialog
          taskId={task.id}
          open={dialogOpen}
          onOpenChange={setDialogOpen}
          amountCents={amount}
          feePercent={feePercent}
        />
      ) : null}
    </Card>
  );
}
