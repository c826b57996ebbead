import { MONEY } from '@shared/constants';
import type { TransactionDto } from '@shared/schemas/task-api';
import { usePublicSettings } from '@web/lib/public-settings';

/**
 * The fee percent a payment screen shows: the one stored on the task's hold when there is one
 * (it decides the capture), otherwise the admin's current setting for a new hold.
 */
export function useFeePercent(transactions: readonly TransactionDto[] = []): number {
  const settings = usePublicSettings();
  const hold = transactions.find((row) => row.status !== 'failed');
  return hold?.platform_fee_percent ?? settings.data?.platform_fee_percent ?? MONEY.platformFeePercent;
}

export { percentText } from '@shared/domain/fee-share';
