/**
 * Named places in the money path where a test may kill the process (SIGKILL, as an out-of-memory
 * kill or a crashed host would), to prove that a crash at any of them loses and doubles nothing
 * (docs/decisions/0440). Armed only by `CRASH_POINTS` (comma-separated names) outside production;
 * unarmed it is one Set lookup.
 */
export type CrashPointName =
  /** evidence confirmed: the task is `verified` with its capture job, the provider not yet called */
  | 'confirm.after_verified_commit'
  /** the provider captured the hold; the ledger does not know yet */
  | 'capture.after_provider'
  /** the card step authorized the hold at the provider; the browser's confirm call never comes */
  | 'card.after_authorize'
  /** the provider created an intent; the task does not record it yet */
  | 'intent.after_create'
  /** the provider voided a hold; the ledger does not know yet */
  | 'void.after_provider'
  /** the provider refunded; the ledger does not know yet */
  | 'refund.after_provider';

const armed = new Set(
  process.env.NODE_ENV === 'production'
    ? []
    : (process.env.CRASH_POINTS ?? '')
        .split(',')
        .map((name) => name.trim())
        .filter(Boolean),
);

export function crashPoint(name: CrashPointName): void {
  if (armed.size > 0 && armed.has(name)) process.kill(process.pid, 'SIGKILL');
}
