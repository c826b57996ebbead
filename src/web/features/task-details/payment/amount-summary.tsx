import { MONEY } from '@shared/constants';
import { formatUsd, splitAmountCents } from '@shared/domain/money';
import { messages } from '@shared/messages';

const text = messages.payment.dialog;

/** The task amount with the spec's fixed split: 10% platform fee, 90% to the expert. */
export function AmountSummary({ amountCents }: { amountCents: number }) {
  const split = splitAmountCents(amountCents, MONEY.platformFeePercent);
  return (
    <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 rounded-md border p-3 text-sm">
      <dt className="text-muted-foreground">{text.amountLabel}</dt>
      <dd className="text-right font-medium">{formatUsd(split.amountCents)}</dd>
      <dt className="text-muted-foreground">{text.feeLabel}</dt>
      <dd className="text-right">{formatUsd(split.platformFeeCents)}</dd>
      <dt className="text-muted-foreground">{text.expertShareLabel}</dt>
      <dd className="text-right">{formatUsd(split.expertShareCents)}</dd>
    </dl>
  );
}
