import { formatUsd } from '@shared/domain/money';
import { cn } from '@web/components/ui/cn';

/** A dollar figure from integer cents ("$1,234.50"), optionally with a visible label. */
export function BudgetFigure({
  cents,
  label,
  className,
}: {
  cents: number;
  label?: string;
  className?: string;
}) {
  return (
    <span className={cn('inline-flex items-baseline gap-1 font-semibold tabular-nums', className)}>
      {label ? <span className="text-sm font-normal text-muted-foreground">{label}</span> : null}
      <span data-testid="budget-figure">{formatUsd(cents)}</span>
    </span>
  );
}
