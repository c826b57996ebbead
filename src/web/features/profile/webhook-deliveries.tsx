import { useEffect, useRef, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { formatDateTimeMedium } from '@shared/domain/plain-format';
import { format } from '@shared/format-message';
import { messages } from '@shared/messages';
import type { WebhookDeliveryDto } from '@shared/schemas/webhooks.schemas';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Spinner } from '@web/components/ui/spinner';
import { Table, TableBody, TableCaption, TableCell, TableHead, TableHeader, TableRow } from '@web/components/ui/table';
import { api } from '@web/lib/api';
import { DELIVERY_STATUS, endpointUrl, webhookDeliveriesQuery, webhookEndpointQuery } from './webhooks-api';

const text = messages.webhooks;
const when = (iso: string) => formatDateTimeMedium(new Date(iso));

/**
 * The endpoint's delivery log (issue 54), newest first: a table on a wide screen, one card per
 * delivery below 640 px (Table's stackOnPhone). While a delivery is pending the log refreshes itself.
 */
export function WebhookDeliveries({ endpointId, disabled }: { endpointId: string; disabled: boolean }) {
  const queryClient = useQueryClient();
  const deliveries = useQuery(webhookDeliveriesQuery(endpointId));
  const [resent, setResent] = useState(false);
  // A delivery's outcome can change the endpoint's status (failing since, or well again): when the log
  // changes after its first answer, the endpoint is read again too.
  const firstLog = useRef<unknown>(undefined);
  useEffect(() => {
    if (!deliveries.data) return;
    if (firstLog.current === undefined) firstLog.current = deliveries.data;
    else void queryClient.invalidateQueries({ queryKey: webhookEndpointQuery(endpointId).queryKey, exact: true });
  }, [deliveries.data, endpointId, queryClient]);
  const resend = useMutation({
    mutationFn: (deliveryId: string) =>
      api.post<{ delivery: WebhookDeliveryDto }>(`${endpointUrl(endpointId)}/deliveries/${encodeURIComponent(deliveryId)}/resend`),
    onMutate: () => setResent(false),
    onSuccess: () => {
      setResent(true);
      void queryClient.invalidateQueries({ queryKey: webhookDeliveriesQuery(endpointId).queryKey });
    },
  });

  if (deliveries.error) {
    return (
      <p role="alert" className="text-sm text-destructive">
        {format(text.deliveriesLoadFailed, { msg: deliveries.error.message })}
      </p>
    );
  }
  if (!deliveries.data) return <Spinner />;
  if (deliveries.data.length === 0) return <p className="text-sm text-muted-foreground">{text.noDeliveries}</p>;

  return (
    <div className="space-y-2">
      <p role="status" className="text-sm text-muted-foreground empty:hidden">
        {resent ? text.resent : ''}
      </p>
      {resend.error ? (
        <p role="alert" className="text-sm text-destructive">
          {format(text.actionFailed, { msg: resend.error.message })}
        </p>
      ) : null}
      <Table stackOnPhone scrollLabel={text.deliveriesTitle}>
        <TableCaption className="sr-only">{text.deliveriesTitle}</TableCaption>
        <TableHeader>
          <TableRow>
            <TableHead>{text.colEvent}</TableHead>
            <TableHead>{text.colStatus}</TableHead>
            <TableHead>{text.colAnswer}</TableHead>
            <TableHead>{text.colTime}</TableHead>
            <TableHead className="text-right">{text.colAttempts}</TableHead>
            <TableHead className="text-right">{text.colAction}</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {deliveries.data.map((delivery) => {
            const status = DELIVERY_STATUS[delivery.status];
            const time = when(delivery.last_attempt_at ?? delivery.created_at);
            return (
              <TableRow key={delivery.id} data-testid="webhook-delivery" className="align-top">
                <TableCell>
                  <code>{delivery.event_type}</code>
                </TableCell>
                <TableCell>
                  <Badge variant={status.variant}>{status.label}</Badge>
                </TableCell>
                <TableCell className="whitespace-normal sm:max-w-56">
                  <div className="min-w-0">
                    <div className="tabular-nums">{delivery.response_status ?? text.noAnswer}</div>
                    {delivery.last_error ? (
                      <div className="line-clamp-3 text-xs text-muted-foreground [overflow-wrap:anywhere]" title={delivery.last_error}>
                        {delivery.last_error}
                      </div>
                    ) : null}
                  </div>
                </TableCell>
                <TableCell>
                  <div>
                    <div>{time}</div>
                    {delivery.status === 'pending' && delivery.next_attempt_at ? (
                      <div className="text-xs text-muted-foreground">{format(text.nextAttempt, { date: when(delivery.next_attempt_at) })}</div>
                    ) : null}
                  </div>
                </TableCell>
                <TableCell className="text-right tabular-nums">{delivery.attempts}</TableCell>
                <TableCell className="text-right">
                  <Button
                    type="button"
                    size="sm"
                    variant="outline"
                    aria-label={format(text.resendFor, { event: delivery.event_type, date: time })}
                    disabled={disabled || resend.isPending}
                    onClick={() => resend.mutate(delivery.id)}
                  >
                    {text.resend}
                  </Button>
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </div>
  );
}
