import { feeShare } from '@shared/domain/fee-share';
import { usePublicSettings } from './public-settings';

/** The current platform fee and expert share as texts, from the admin setting (the default until it loads). */
export function useFeeShare(): { fee: string; share: string } {
  return feeShare(usePublicSettings().data?.platform_fee_percent);
}
