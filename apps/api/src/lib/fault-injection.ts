/**
 * Crash points for the crash-safety test (issue #8): with FAULT_INJECTION=<name> set outside
 * production, the process dies on the spot (SIGKILL, as a power cut or an OOM kill would) when it
 * reaches that point. Without the variable this does nothing.
 */
export type CrashPoint = 'checkout-after-charge' | 'payout-after-transfer';

export function crashPoint(name: CrashPoint): void {
  if (process.env.NODE_ENV === 'production') return;
  if (process.env.FAULT_INJECTION === name) process.kill(process.pid, 'SIGKILL');
}
