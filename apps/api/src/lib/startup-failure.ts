/**
 * A reason the server cannot start that the operator can fix (a setting, a service that does not
 * answer): printed as its message alone, without a stack trace.
 */
export class StartupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StartupError';
  }
}

/** A system error such as ECONNREFUSED or ENOTFOUND: the message says it all. */
function isSystemError(error: unknown): error is Error & { code: string } {
  const code: unknown = error instanceof Error ? (error as Error & { code?: unknown }).code : undefined;
  return typeof code === 'string' && /^E[A-Z]+$/.test(code);
}

/**
 * The lines to print when boot fails: one per problem for a bad setting (a ConfigError's `problems`),
 * the message for a StartupError or a system error, and the stack for anything else (a bug).
 */
export function describeStartupFailure(error: unknown): string[] {
  const problems = (error as { problems?: unknown }).problems;
  if (error instanceof Error && Array.isArray(problems)) return ['Cannot start: invalid configuration', ...problems.map((problem) => `  ${String(problem)}`)];
  // A connection tried on several addresses fails as an AggregateError with an empty message but a code.
  if (error instanceof StartupError) return [`Cannot start: ${error.message}`];
  if (isSystemError(error)) return [`Cannot start: ${error.message || error.code}`];
  return ['Cannot start:', error instanceof Error ? (error.stack ?? error.message) : String(error)];
}

/**
 * Until `started()`, any error that escapes boot (a bad setting, a database or Redis that does not
 * answer) is printed with describeStartupFailure, what was already opened is closed (at most 3 s), and
 * the process exits 1. After it, an uncaught error is a crash as usual.
 */
export function guardStartup(): { closeOnFailure(close: () => Promise<unknown>): void; started(): void } {
  const closers: Array<() => Promise<unknown>> = [];
  const fail = (error: unknown) => {
    process.stderr.write(`${describeStartupFailure(error).join('\n')}\n`);
    const closing = Promise.allSettled(closers.map((close) => close()));
    const deadline = new Promise((resolve) => setTimeout(resolve, 3_000).unref());
    void Promise.race([closing, deadline]).finally(() => process.exit(1));
  };
  process.once('uncaughtException', fail);
  return {
    closeOnFailure: (close) => closers.push(close),
    started: () => process.removeListener('uncaughtException', fail),
  };
}
