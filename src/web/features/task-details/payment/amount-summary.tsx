import { formatUsd, splitAmountCents } from '@shared/domain/money';
import { format } from '@shared/format-message';
import { messages } from '@shared/messages';
import { percentText } from './fee-percent';

const text = messages.payment.dialog;

/** The task amount with the fee split at the platform fee in force (system_settings). */
export function AmountSummary({ amountCents, feePercent }: { amountCents: number; feePercent: number }) {
  const split = splitAmountCents(amountCents, feePercent);
  const percent = percentText(feePercent);
  return (
    <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 rounded-md border p-3 text-sm">
      <dt className="text-muted-foreground">{text.amountLabel}</dt>
      <dd className="text-right font-medium">{formatUsd(split.amountCents)}</dd>
      <dt className="text-muted-foreground">{format(text.feeLabelPercent, { percent })}</dt>
      <dd className="text-right">{formatUsd(split.platformFeeCents)}</dd>
      <dt className="text-muted-foreground">{format(text.expertShareLabelPercent, { percent: percentText(100 - feePercent) })}</dt>
      <dd className="text-right">{formatUsd(split.expertShareCents)}</dd>
    </dl>
  );
}
