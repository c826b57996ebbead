import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Download } from 'lucide-react';
import { formatUsd } from '@shared/domain/money';
import { formatDateTimeMedium } from '@shared/domain/plain-format';
import type { ReceiptKind } from '@shared/domain/receipts';
import { format } from '@shared/format-message';
import { receiptsMessages as text } from '@shared/messages/receipts';
import type { ReceiptDto } from '@shared/schemas/receipts.schemas';
import { Badge } from '@web/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Spinner } from '@web/components/ui/spinner';
import { api } from '@web/lib/api';

const KIND_LABELS: Record<ReceiptKind, string> = {
  payment: text.kindPayment,
  partial_payment: text.kindPartialPayment,
  refund: text.kindRefund,
  tip: text.kindTip,
};

export const receiptsQuery = {
  queryKey: ['me', 'receipts'] as const,
  queryFn: async () => (await api.get<{ receipts: ReceiptDto[] }>('/api/me/receipts?limit=100')).receipts,
};

/**
 * Issue 51: every payment, partial payment, refund and tip the caller's card saw, newest first,
 * each with its PDF. A refund reads as money coming back, not as another charge.
 */
export function ReceiptsTab() {
  const receipts = useQuery(receiptsQuery);
  return (
    <Card data-testid="receipts">
      <CardHeader>
        <CardTitle asChild>
          <h2>{text.tabTitle}</h2>
        </CardTitle>
        <CardDescription>{text.tabDescription}</CardDescription>
      </CardHeader>
      <CardContent>
        {receipts.error ? (
          <p role="alert" className="text-sm text-destructive">
            {format(text.loadFailed, { msg: receipts.error.message })}
          </p>
        ) : !receipts.data ? (
          <Spinner />
        ) : receipts.data.length === 0 ? (
          <p className="text-sm text-muted-foreground">{text.empty}</p>
        ) : (
          <ul className="divide-y">
            {receipts.data.map((receipt) => (
              <li key={receipt.id} className="flex flex-wrap items-center justify-between gap-3 py-3" data-testid="receipt">
                <div className="min-w-0 space-y-1 text-sm">
                  <p className="flex flex-wrap items-center gap-2">
                    <span className="font-medium">{receipt.kind === 'refund' ? `+${formatUsd(receipt.amount)}` : formatUsd(receipt.amount)}</span>
                    <Badge variant={receipt.kind === 'refund' ? 'secondary' : 'outline'}>{KIND_LABELS[receipt.kind]}</Badge>
                  </p>
                  <p className="break-words">
                    {receipt.task_id ? <Link to={`/task/${receipt.task_id}`} className="underline underline-offset-2">{receipt.task_title}</Link> : receipt.task_title}
                    {receipt.expert_name ? <span className="text-muted-foreground"> · {receipt.expert_name}</span> : null}
                  </p>
                  <p className="text-muted-foreground">
                    {receipt.number} · {formatDateTimeMedium(new Date(receipt.created_at))}
                  </p>
                </div>
                <a
                  href={`/api/receipts/${receipt.id}/pdf`}
                  download
                  aria-label={format(text.downloadFor, { number: receipt.number })}
                  className="inline-flex items-center gap-2 rounded-md border px-3 py-2 text-sm font-medium hover:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                >
                  <Download aria-hidden="true" className="size-4" />
                  {text.download}
                </a>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
