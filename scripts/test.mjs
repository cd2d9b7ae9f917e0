#!/usr/bin/env node
// `npm test`: every check CI runs — lint, typecheck, unit + API + component tests on the embedded
// database, the API suite again on PostgreSQL, the process tier (the built server killed, two instances),
// the build (web and API), its bundle budget and the browser journeys in Chromium.
//
// The steps run side by side as far as the machine's cores allow (docs/decisions/0033-test-tiers-and-migrate-once.md):
// each step says how many cores it keeps busy and which steps it needs first, and a step starts as soon as
// those are done and its cores are free. Each step's output is kept in its own log and printed whole when it
// ends, so the log reads one step at a time. Suites that need something this machine lacks are skipped with a
// plain note on how to enable them (CI has everything, so nothing is skipped there). Ends with the time of
// each step and one line: "summary: N passed, N failed".
//
//   npm test                       every step
//   npm test -- --only lint,api    the named steps only (names below), with what they need
//   TEST_CORES=4 npm test          more steps at once on a bigger machine
import { spawn } from 'node:child_process';
import { createWriteStream, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const reportDirectory = mkdtempSync(path.join(tmpdir(), 'marketplace-test-report-'));
const DEFAULT_POSTGRES_URL = 'postgres://postgres@127.0.0.1:5432/test';
// Debian's headless shell (`apt-get install -y chromium-headless-shell`) when it is there: the journeys draw no
// browser window, and it runs them in about half the time and less CPU than the full browser's headless mode
// (decision 0039); else the full browser (`apt-get install -y chromium`).
const CHROMIUM_CANDIDATES = ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'];
const chromiumPath = process.env.CHROMIUM_PATH ?? CHROMIUM_CANDIDATES.find((candidate) => existsSync(candidate)) ?? CHROMIUM_CANDIDATES.at(-1);
const cores = Math.max(1, Number(process.env.TEST_CORES) || availableParallelism());
// No more steps at once than the cores take, counted by what each keeps busy: when steps were counted by
// their processes and one more ran, the journeys' servers were starved past their render time limit and
// two-instance tests past their timeouts (a busy machine makes flakes, not speed). The computing steps also
// yield (YIELDING_NICENESS) to the ones that wait on time.
const budget = cores;
const startedAt = Date.now();

const onlyArgument = process.argv.indexOf('--only');
const only = onlyArgument > 0 ? new Set(process.argv[onlyArgument + 1].split(',')) : null;

const skipped = [];
let passedTests = 0;
let failedTests = 0;
let skippedTests = 0;

const seconds = (milliseconds) => Math.round(milliseconds / 1000);
const clock = () => `${String(seconds(Date.now() - startedAt)).padStart(4)}s`;

async function isPostgresReachable(url) {
  try {
    const { default: pg } = await import('pg');
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
    await client.connect();
    await client.query('select 1');
    await client.end();
    return true;
  } catch {
    return false;
  }
}

/**
 * Runs one command with its output in `logFile`; resolves with its exit code and the CPU seconds it and
 * every process it started used (bash's `times`, written to a file of its own), to tell a step that keeps
 * the cores busy from one that mostly waits.
 */
function runLogged(command, args, environment, logFile, niceness = 0) {
  return new Promise((resolve) => {
    const log = createWriteStream(logFile);
    const cpuFile = `${logFile}.cpu`;
    const script = 'exec 3>"$CPU_FILE"; "$@"; code=$?; times >&3; exit $code';
    const child = spawn(niceness > 0 ? 'nice' : 'bash', [...(niceness > 0 ? ['-n', String(niceness), 'bash'] : []), '-c', script, 'bash', command, ...args], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, FORCE_COLOR: '1', ...environment, CPU_FILE: cpuFile },
    });
    child.stdout.pipe(log, { end: false });
    child.stderr.pipe(log, { end: false });
    const finish = (code) => log.end(() => resolve({ code, cpuSeconds: cpuSecondsOf(cpuFile) }));
    child.on('close', (code, signal) => finish(code ?? (signal ? 1 : 0)));
    child.on('error', (error) => {
      log.write(`${error.message}\n`);
      finish(1);
    });
  });
}

/** The children's user + system time from bash's `times` (its second line: "0m12.345s 0m1.234s"). */
function cpuSecondsOf(cpuFile) {
  if (!existsSync(cpuFile)) return null;
  const children = readFileSync(cpuFile, 'utf8').trim().split('\n')[1] ?? '';
  const times = [...children.matchAll(/(\d+)m([\d.]+)s/g)].map(([, minutes, rest]) => Number(minutes) * 60 + Number(rest));
  return times.length === 2 ? times[0] + times[1] : null;
}

/** Adds a vitest JSON report's counts to the totals; a suite that failed to load counts as one failure. */
function countReport(reportFile, ok) {
  if (!existsSync(reportFile)) {
    if (!ok) failedTests += 1;
    return;
  }
  const report = JSON.parse(readFileSync(reportFile, 'utf8'));
  passedTests += report.numPassedTests ?? 0;
  failedTests += report.numFailedTests ?? 0;
  skippedTests += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
  if (!ok && (report.numFailedTests ?? 0) === 0) failedTests += 1;
}

/**
 * A dependency audit of the production dependencies (no high or critical advisory). When the registry's
 * audit endpoint cannot be reached (a closed network), the check is reported as skipped, not passed.
 */
async function audit() {
  const run = await new Promise((resolve) => {
    const child = spawn('npm', ['audit', '--omit=dev', '--json'], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], timeout: 60_000 });
    const stdout = [];
    const stderr = [];
    child.stdout.on('data', (chunk) => stdout.push(chunk));
    child.stderr.on('data', (chunk) => stderr.push(chunk));
    child.on('close', () => resolve({ stdout: Buffer.concat(stdout).toString('utf8'), stderr: Buffer.concat(stderr).toString('utf8') }));
    child.on('error', (error) => resolve({ stdout: '', stderr: error.message }));
  });
  let report = null;
  try {
    report = JSON.parse(run.stdout || 'null');
  } catch {
    report = null;
  }
  const counts = report?.metadata?.vulnerabilities;
  if (!counts) {
    const reason = (report?.message ?? report?.error?.summary ?? run.stderr ?? '').split('\n')[0].trim() || 'no answer';
    skipped.push(`Dependency audit: the registry's audit endpoint did not answer (${reason}). Run 'npm audit --omit=dev' where it is reachable.`);
    return { ok: true, skipped: true, output: 'audit endpoint unreachable: skipped\n' };
  }
  const serious = (counts.high ?? 0) + (counts.critical ?? 0);
  const output = `production dependencies: ${counts.critical ?? 0} critical, ${counts.high ?? 0} high, ${counts.moderate ?? 0} moderate, ${counts.low ?? 0} low\n`;
  return { ok: serious === 0, output };
}

const postgresUrl = process.env.TEST_DATABASE_URL ?? DEFAULT_POSTGRES_URL;
const hasPostgres = await isPostgresReachable(postgresUrl);
const hasChromium = existsSync(chromiumPath);
const vitest = (...args) => ['vitest', 'run', ...args];

/**
 * The steps. `cores`: how much of the machine the step keeps busy, as measured (the CPU time each step's
 * line shows at the end, over its wall time), not how many processes it starts: the journeys' two workers
 * mostly wait on a browser and a server (about half a core), while the unit step, the process tier and the
 * typecheck keep about one core busy each (run L: unit 463 s of CPU in 453 s, the process tier 75 in 76).
 * `needs`: steps that must have passed first. The order below is the order of preference: the most CPU
 * first, and the journeys, the longest chain (after the build), as soon as the build is done. So the unit
 * step and the journeys start together; the PostgreSQL step takes the core the journeys leave, beside the
 * unit step, and the process tier, the typecheck and the lint fill in as those end.
 */
/**
 * How much a step that `yields` gives way: the steps that only compute (unit and API tests, typecheck, lint) run at
 * a lower priority, so the ones that wait on time — the journeys' servers answering within their render
 * limit, the process tier's instances starting and stopping — get a core the moment they need one, and the
 * computing steps take every moment they do not.
 */
const YIELDING_NICENESS = 10;
/**
 * How far a yielding step's time limits stretch (MARKETPLACE_TEST_TIME_SCALE, read by the vitest configs and
 * apps/api/test/time-limit.ts): beside the journeys it waits for a core by design, and a limit there only
 * catches a hang. Without it a one-minute hook that takes 3 s of CPU ran past its minute (docs/testing.md).
 */
const YIELDING_TIME_SCALE = 3;

const steps = [
  { name: 'build', title: 'build the web app and the API', cores: 0.5, command: ['npm', 'run', '--silent', 'build'] },
  {
    // The embedded database's own run: CI exports TEST_DATABASE_URL for the PostgreSQL step, and left here
    // it would move this one onto PostgreSQL too, so PGlite would never be tested.
    name: 'unit',
    title: 'unit, API (embedded PGlite) and component tests',
    cores: 1,
    yields: true,
    vitest: vitest('--project', 'domain', '--project', 'api', '--project', 'web', '--project', 'web-isolated'),
    environment: { TEST_DATABASE_URL: '' },
  },
  {
    // Two workers, each a browser and a server, waiting on both most of the time.
    name: 'e2e',
    title: 'end-to-end journeys in Chromium',
    cores: 0.5,
    needs: ['build'],
    vitest: vitest('--config', 'e2e/vitest.config.ts'),
    environment: { CHROMIUM_PATH: chromiumPath },
    when: hasChromium,
    skip: `End-to-end journeys: no Chromium at ${chromiumPath}. Install it with 'apt-get install -y chromium-headless-shell' (or 'chromium', or set CHROMIUM_PATH) to run them.`,
  },
  {
    name: 'api-postgres',
    title: `API tests on PostgreSQL (${postgresUrl.replace(/\/\/[^@]*@/, '//')})`,
    cores: 1,
    yields: true,
    vitest: vitest('--config', 'apps/api/vitest.postgres.config.ts'),
    environment: { TEST_DATABASE_URL: postgresUrl },
    when: hasPostgres,
    skip: `API tests on PostgreSQL: no server answered at ${postgresUrl}. Start PostgreSQL or set TEST_DATABASE_URL=postgres://user@host:5432/db to run them.`,
  },
  {
    name: 'api-process',
    title: 'API process tier (the built server, killed processes, two instances)',
    cores: 1,
    needs: ['build'],
    vitest: vitest('--project', 'api-process'),
    environment: { MARKETPLACE_API_BUILT: '1', ...(hasPostgres ? { TEST_DATABASE_URL: postgresUrl } : { TEST_DATABASE_URL: '' }) },
  },
  { name: 'typecheck', title: 'typecheck (tsc)', cores: 1, yields: true, command: ['npm', 'run', '--silent', 'typecheck'] },
  { name: 'lint', title: 'format check (biome) and lint (eslint)', cores: 1, yields: true, command: ['npm', 'run', '--silent', 'lint'] },
  {
    name: 'bundle',
    title: 'bundle budget (initial JS for /products ≤ 153.5 KB gzipped)',
    cores: 0.5,
    needs: ['build'],
    command: ['node', 'scripts/check-bundle.mjs', '--budget', '153.5'],
    when: hasChromium,
  },
  { name: 'audit', title: 'dependency audit (production; high and critical)', cores: 0, run: audit },
];

const selected = only ? steps.filter((step) => only.has(step.name) || steps.some((other) => only.has(other.name) && other.needs?.includes(step.name))) : steps;
for (const step of selected) {
  step.state = step.when === false ? 'skipped' : 'waiting';
  if (step.state === 'skipped' && step.skip) skipped.push(step.skip);
}

const results = [];

async function runStep(step) {
  const started = Date.now();
  console.log(`${clock()} ▶ ${step.title}`);
  let ok;
  let output;
  let cpuSeconds = null;
  if (step.run) {
    ({ ok, output } = await step.run());
  } else {
    const logFile = path.join(reportDirectory, `${step.name}.log`);
    const reportFile = path.join(reportDirectory, `${step.name}.json`);
    const [command, ...args] = step.vitest ? ['npx', ...step.vitest, '--reporter=default', '--reporter=json', `--outputFile.json=${reportFile}`] : step.command;
    const { code, cpuSeconds: used } = await runLogged(
      command,
      args,
      { ...step.environment, ...(step.yields ? { MARKETPLACE_TEST_TIME_SCALE: String(YIELDING_TIME_SCALE) } : {}) },
      logFile,
      step.yields ? YIELDING_NICENESS : 0,
    );
    cpuSeconds = used;
    ok = code === 0;
    output = readFileSync(logFile, 'utf8');
    if (step.vitest) countReport(reportFile, ok);
  }
  const took = seconds(Date.now() - started);
  console.log(`\n\x1b[1m━━ ${step.title}\x1b[0m (${took}s, ended at ${clock().trim()})`);
  process.stdout.write(output.endsWith('\n') ? output : `${output}\n`);
  results.push({ step, ok, seconds: took, from: seconds(started - startedAt), cpuSeconds });
  step.state = ok ? 'passed' : 'failed';
}

/** Starts every step whose needs have passed while cores are free; a step wider than the machine runs alone. */
await new Promise((resolve) => {
  const running = new Set();
  const busy = () => [...running].reduce((sum, step) => sum + step.cores, 0);
  const schedule = () => {
    for (const step of selected) {
      if (step.state !== 'waiting') continue;
      const needs = (step.needs ?? []).map((name) => selected.find((other) => other.name === name)).filter(Boolean);
      if (needs.some((need) => need.state === 'failed' || need.state === 'skipped' || need.state === 'not run')) {
        step.state = 'not run';
        results.push({ step, ok: false, notRun: true, seconds: 0, from: seconds(Date.now() - startedAt) });
        continue;
      }
      if (needs.some((need) => need.state !== 'passed')) continue;
      if (running.size > 0 && busy() + step.cores > budget) continue;
      step.state = 'running';
      running.add(step);
      runStep(step).then(() => {
        running.delete(step);
        schedule();
      });
    }
    if (running.size === 0 && selected.every((step) => step.state !== 'waiting' && step.state !== 'running')) resolve();
  };
  schedule();
});

rmSync(reportDirectory, { recursive: true, force: true });

console.log(`\n\x1b[1m━━ results\x1b[0m (${seconds(Date.now() - startedAt)}s wall on ${cores} cores)`);
for (const result of results) {
  const mark = result.notRun ? '\x1b[33m-\x1b[0m' : result.ok ? '\x1b[32m✓\x1b[0m' : '\x1b[31m✗\x1b[0m';
  const cpu = result.cpuSeconds == null ? '' : `, ${Math.round(result.cpuSeconds)} s of CPU`;
  const timing = result.notRun ? 'not run: a step it needs failed' : `${result.seconds}s, from ${result.from}s${cpu}`;
  console.log(`${mark} ${result.step.title} (${timing})`);
}
for (const note of skipped) console.log(`\x1b[33m- skipped\x1b[0m ${note}`);
const failedSteps = results.filter((result) => !result.ok);
if (failedSteps.length > 0 && failedTests === 0) failedTests = failedSteps.length;
console.log(`summary: ${passedTests} passed, ${failedTests} failed${skippedTests ? `, ${skippedTests} skipped` : ''}`);
process.exit(failedSteps.length > 0 ? 1 : 0);
