import { SETTINGS_DEFAULTS } from '../constants';

/** "10", "12.5": a percent as the copy writes it (two decimals at most, no trailing zeros). */
export const percentText = (percent: number) => String(Math.round(percent * 100) / 100);

/**
 * The platform fee and the expert's share as texts state them ({fee}, {share}), from the fee percent in
 * force (the admin setting, or a task's hold): every text that states them takes them from here.
 */
export function feeShare(feePercent: number | null | undefined): { fee: string; share: string } {
  const fee = typeof feePercent === 'number' && Number.isFinite(feePercent) ? feePercent : SETTINGS_DEFAULTS.platformFeePercent;
  return { fee: percentText(fee), share: percentText(100 - fee) };
}
