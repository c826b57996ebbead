import { formatUsd } from '@shared/domain/money';
import { messages } from '@shared/messages';
import type { EarningRowDto, EarningStatus } from '@shared/schemas/earnings.schemas';
import { Badge } from '@web/components/ui/badge';
import {
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@web/components/ui/table';

const text = messages.earnings;

export const STATUS_TEXT: Record<EarningStatus, string> = {
  held: text.statusHeld,
  captured: text.statusCaptured,
  in_transit: text.statusInTransit,
  paid: text.statusPaid,
};

const day = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });

/** One row per task; below 640 px each row is a card with its cells labelled (Table's stackOnPhone). */
export function EarningsTable({ rows }: { rows: EarningRowDto[] }) {
  return (
    <Table stackOnPhone scrollLabel={text.title}>
      <TableCaption className="sr-only">{text.title}</TableCaption>
      <TableHeader>
        <TableRow>
          <TableHead>{text.date}</TableHead>
          <TableHead>{text.task}</TableHead>
          <TableHead className="text-right">{text.agreedPrice}</TableHead>
          <TableHead className="text-right">{text.platformFee}</TableHead>
          <TableHead className="text-right">{text.providerFee}</TableHead>
          <TableHead className="text-right">{text.tip}</TableHead>
          <TableHead className="text-right">{text.net}</TableHead>
          <TableHead>{text.status}</TableHead>
          <TableHead>{text.expectedArrival}</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.map((row) => (
          <TableRow key={row.task_id}>
            <TableCell>{day(row.date)}</TableCell>
            <TableCell className="font-medium">{row.title}</TableCell>
            <TableCell className="text-right tabular-nums">{formatUsd(row.price_cents)}</TableCell>
            <TableCell className="text-right tabular-nums">-{formatUsd(row.platform_fee_cents)}</TableCell>
            <TableCell className="text-right tabular-nums">
              {row.provider_fee_cents === null ? text.notReported : `-${formatUsd(row.provider_fee_cents)}`}
            </TableCell>
            <TableCell className="text-right tabular-nums">{formatUsd(row.tip_cents)}</TableCell>
            <TableCell className="text-right font-semibold tabular-nums">
              {formatUsd(row.net_cents)}
            </TableCell>
            <TableCell>
              <Badge variant={row.status === 'paid' ? 'default' : 'secondary'}>
                {STATUS_TEXT[row.status]}
              </Badge>
            </TableCell>
            <TableCell>{row.expected_arrival ? day(row.expected_arrival) : '-'}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
