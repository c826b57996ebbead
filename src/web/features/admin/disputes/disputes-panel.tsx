import { useState, type FormEvent } from 'react';
import { ADMIN } from '@shared/constants';
import { formatUsd } from '@shared/domain/money';
import { messages } from '@shared/messages';
import type { AdminDisputeDto } from '@shared/schemas/disputes.schemas';
import { Countdown } from '@web/components/money/countdown';
import { DisputeEvidence } from '@web/components/evidence/dispute-evidence';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { Field } from '@web/components/ui/field';
import { Input } from '@web/components/ui/input';
import { Spinner } from '@web/components/ui/spinner';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@web/components/ui/table';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@web/components/ui/tabs';
import { useDisputes, useRefundable, useResolveDispute } from './disputes-api';
import { centsFromDollars, RefundControl } from './refund-control';
import { TaskLink, TransactionLink, UserLink } from '../common/entity-links';

const disputesText = messages.disputes;
const holdsText = messages.holds;

/**
 * The admin Disputes tab (issue 13): open and resolved disputes with release / refund / partial
 * capture, and captured payments with a refund control. Self-contained: mount it as a tab.
 */
export function DisputesPanel() {
  return (
    <section aria-labelledby="disputes-title" className="space-y-6">
      <h1 id="disputes-title" className="text-2xl font-semibold">
        {disputesText.adminHeading}
      </h1>
      <Card>
        <CardContent>
          <Tabs defaultValue="open">
            <TabsList>
              <TabsTrigger value="open">{disputesText.filterOpen}</TabsTrigger>
              <TabsTrigger value="resolved">{disputesText.filterResolved}</TabsTrigger>
            </TabsList>
            <TabsContent value="open">
              <DisputeList status="open" />
            </TabsContent>
            <TabsContent value="resolved">
              <DisputeList status="resolved" />
            </TabsContent>
          </Tabs>
        </CardContent>
      </Card>
      <RefundablePayments />
    </section>
  );
}

function DisputeList({ status }: { status: 'open' | 'resolved' }) {
  const query = useDisputes(status);
  if (query.isPending) return <Spinner label={disputesText.adminHeading} />;
  if (!query.data?.length) return <p className="py-4 text-sm text-muted-foreground">{disputesText.adminEmpty}</p>;
  return (
    <ul className="divide-y" aria-label={disputesText.adminHeading}>
      {query.data.map((dispute) => (
        <DisputeItem key={dispute.id} dispute={dispute} />
      ))}
    </ul>
  );
}

function DisputeItem({ dispute }: { dispute: AdminDisputeDto }) {
  const resolve = useResolveDispute();
  const [partial, setPartial] = useState('');
  const [error, setError] = useState<string | null>(null);
  const open = dispute.status !== 'resolved';
  const run = (body: Parameters<typeof resolve.mutate>[0]['body']) =>
    resolve.mutate({ id: dispute.id, body });
  const submitPartial = (event: FormEvent) => {
    event.preventDefault();
    const cents = centsFromDollars(partial);
    if (cents === null || cents > dispute.task.budget) {
      setError(disputesText.amountInvalid);
      return;
    }
    setError(null);
    run({ resolution: 'partial', amount_cents: cents });
  };
  return (
    <li className="space-y-2 py-4" data-testid="admin-dispute">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <TaskLink id={dispute.task_id}>{dispute.task.title}</TaskLink>
        <Badge variant={open ? 'warning' : 'secondary'}>{dispute.status}</Badge>
      </div>
      <p className="text-sm text-muted-foreground">
        {disputesText.adminParties}: <UserLink id={dispute.client_id} name={dispute.client_name || null} /> /{' '}
        {dispute.expert_id ? <UserLink id={dispute.expert_id} name={dispute.expert_name} /> : '-'} · {disputesText.adminAmount}:{' '}
        {formatUsd(dispute.task.budget)}
      </p>
      {open && dispute.task.authorization_hold_expires_at ? (
        <p className="text-sm">
          <Countdown
            deadline={dispute.task.authorization_hold_expires_at}
            template={holdsText.expiresIn}
            expiredText={holdsText.expired}
          />
        </p>
      ) : null}
      <p className="whitespace-pre-wrap text-sm">
        <span className="font-medium">{disputesText.reasonHeading}: </span>
        {dispute.reason}
      </p>
      <DisputeEvidence taskId={dispute.task_id} />
      {open && dispute.task.status === 'disputed' ? (
        <div className="flex flex-wrap items-end gap-2">
          <Button size="sm" onClick={() => run({ resolution: 'release' })} disabled={resolve.isPending}>
            {disputesText.release}
          </Button>
          <Button
            size="sm"
            variant="destructive"
            onClick={() => run({ resolution: 'refund' })}
            disabled={resolve.isPending}
          >
            {disputesText.refund}
          </Button>
          <form onSubmit={submitPartial} className="flex items-end gap-2" noValidate>
            <Field label={disputesText.partialAmountLabel} error={error}>
              <Input
                inputMode="decimal"
                value={partial}
                onChange={(event) => setPartial(event.target.value)}
                className="w-32"
              />
            </Field>
            <Button size="sm" variant="outline" type="submit" disabled={resolve.isPending}>
              {disputesText.partialSubmit}
            </Button>
          </form>
        </div>
      ) : null}
    </li>
  );
}

function RefundablePayments() {
  const query = useRefundable();
  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2>{holdsText.refundsHeading}</h2>
        </CardTitle>
      </CardHeader>
      <CardContent>
        {query.isPending ? (
          <Spinner label={holdsText.refundsHeading} />
        ) : !query.data?.length ? (
          <p className="text-sm text-muted-foreground">{holdsText.refundsEmpty}</p>
        ) : (
          <Table>
            <TableHeader>
              <TableRow>
                <TableHead>{disputesText.adminTask}</TableHead>
                <TableHead className="text-right">{disputesText.adminAmount}</TableHead>
                <TableHead className="text-right">{holdsText.refundedSoFar}</TableHead>
                <TableHead>{holdsText.statusLabel}</TableHead>
                <TableHead>
                  <span className="sr-only">{holdsText.refundButton}</span>
                </TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {query.data.map((row) => (
                <TableRow key={row.id}>
                  <TableCell>
                    <TaskLink id={row.task_id}>{row.task_title}</TaskLink>{' '}
                    <span className="text-xs text-muted-foreground">
                      (<TransactionLink id={row.id}>{row.id.slice(0, ADMIN.transactionIdPrefixLength)}</TransactionLink>)
                    </span>
                  </TableCell>
                  <TableCell className="text-right">{formatUsd(row.amount)}</TableCell>
                  <TableCell className="text-right">{formatUsd(row.amount_refunded)}</TableCell>
                  <TableCell>
                    {messages.payment.transactionStatus[
                      row.status as keyof typeof messages.payment.transactionStatus
                    ] ?? row.status}
                  </TableCell>
                  <TableCell>
                    <RefundControl transaction={row} />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </CardContent>
    </Card>
  );
}
