/**
 * Crash points for the crash-safety test (security/crash-safety.test.ts): with FAULT_INJECTION=<name> set outside
 * production, the process dies on the spot (SIGKILL, as a power cut or an OOM kill would) when it
 * reaches that point. config.ts reads the variable and server.ts arms the point at boot; unarmed,
 * this does nothing.
 */
export const CRASH_POINTS = ['checkout-after-charge', 'payout-after-transfer'] as const;
export type CrashPoint = (typeof CRASH_POINTS)[number];

let armedPoint: CrashPoint | undefined;

/** Arms one crash point for this whole process (it stands for the machine dying); undefined disarms. */
export function armCrashPoint(point: CrashPoint | undefined): void {
  armedPoint = point;
}

export function crashPoint(name: CrashPoint): void {
  if (armedPoint === name) process.kill(process.pid, 'SIGKILL');
}
