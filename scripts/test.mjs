#!/usr/bin/env node
// `npm test`: every check CI runs, in order — lint, typecheck, unit + API + component tests on the
// embedded database, the API suite again on PostgreSQL, then the build (web and API), its bundle budget and the
// browser journeys in Chromium.
// Suites that need something this machine lacks are skipped with a plain note on how to enable them
// (CI has everything, so nothing is skipped there). Ends with one line: "summary: N passed, N failed".
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const reportDirectory = mkdtempSync(path.join(tmpdir(), 'marketplace-test-'));
const DEFAULT_POSTGRES_URL = 'postgres://postgres@127.0.0.1:5432/test';
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const results = [];
const skipped = [];
let passedTests = 0;
let failedTests = 0;
let skippedTests = 0;

function run(command, args, environment = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...environment } });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
    child.on('error', () => resolve(1));
  });
}

function heading(title) {
  console.log(`\n\x1b[1m━━ ${title}\x1b[0m`);
}

async function step(name, command, args, environment) {
  heading(name);
  const started = Date.now();
  const code = await run(command, args, environment);
  results.push({ name, ok: code === 0, seconds: Math.round((Date.now() - started) / 1000) });
  return code === 0;
}

/** Runs vitest with a JSON report so the test counts add up across suites. */
async function vitestStep(name, args, environment) {
  const reportFile = path.join(reportDirectory, `${results.length}.json`);
  const ok = await step(name, 'npx', ['vitest', 'run', ...args, '--reporter=default', '--reporter=json', `--outputFile.json=${reportFile}`], environment);
  if (existsSync(reportFile)) {
    const report = JSON.parse(readFileSync(reportFile, 'utf8'));
    passedTests += report.numPassedTests ?? 0;
    failedTests += report.numFailedTests ?? 0;
    skippedTests += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
    // A suite that failed to load reports no failed test; count it as one.
    if (!ok && (report.numFailedTests ?? 0) === 0) failedTests += 1;
  } else if (!ok) {
    failedTests += 1;
  }
  return ok;
}

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
 * No high or critical advisory in the production dependencies. When the registry's audit
 * endpoint cannot be reached (a closed network), the check is reported as skipped, not passed.
 */
async function auditStep() {
  const name = 'dependency audit (production; high and critical)';
  heading(name);
  const started = Date.now();
  const audit = spawnSync('npm', ['audit', '--omit=dev', '--json'], { cwd: root, encoding: 'utf8', timeout: 60_000 });
  let report = null;
  try {
    report = JSON.parse(audit.stdout || 'null');
  } catch {
    report = null;
  }
  const counts = report?.metadata?.vulnerabilities;
  if (!counts) {
    skipped.push(`Dependency audit: the registry's audit endpoint did not answer (${(report?.message ?? report?.error?.summary ?? audit.stderr ?? '').split('\n')[0].trim() || 'no answer'}). Run 'npm audit --omit=dev' where it is reachable.`);
    console.log('audit endpoint unreachable: skipped');
    return;
  }
  const serious = (counts.high ?? 0) + (counts.critical ?? 0);
  console.log(`production dependencies: ${counts.critical ?? 0} critical, ${counts.high ?? 0} high, ${counts.moderate ?? 0} moderate, ${counts.low ?? 0} low`);
  results.push({ name, ok: serious === 0, seconds: Math.round((Date.now() - started) / 1000) });
}

await step('lint (eslint)', 'npx', ['eslint', '.', '--max-warnings=0']);
await auditStep();
await step('typecheck (tsc)', 'npm', ['run', '--silent', 'typecheck']);
// The embedded database's own run: CI exports TEST_DATABASE_URL for the next stage, and left here it
// would move this one onto PostgreSQL too, so PGlite would never be tested.
await vitestStep('unit, API (embedded PGlite) and component tests', [], { TEST_DATABASE_URL: undefined });

const postgresUrl = process.env.TEST_DATABASE_URL ?? DEFAULT_POSTGRES_URL;
if (await isPostgresReachable(postgresUrl)) {
  await vitestStep(`API tests on PostgreSQL (${postgresUrl.replace(/\/\/[^@]*@/, '//')})`, ['--project', 'api'], { TEST_DATABASE_URL: postgresUrl });
} else {
  skipped.push(`API tests on PostgreSQL: no server answered at ${postgresUrl}. Start PostgreSQL or set TEST_DATABASE_URL=postgres://user@host:5432/db to run them.`);
}

if (existsSync(chromiumPath)) {
  // `npm run build`: the web app and the API's JavaScript, which the journeys run as production does.
  if (await step('build the web app and the API', 'npm', ['run', '--silent', 'build'])) {
    // At most 150 KB of gzipped JavaScript for the first visit of /products, every route page split.
    await step('bundle budget (initial JS for /products ≤ 150 KB gzipped)', 'node', ['scripts/check-bundle.mjs', '--budget', '150']);
    await vitestStep('end-to-end journeys in Chromium', ['--config', 'e2e/vitest.config.ts'], { CHROMIUM_PATH: chromiumPath });
  }
} else {
  skipped.push(`End-to-end journeys: no Chromium at ${chromiumPath}. Install it with 'apt-get install -y chromium' (or set CHROMIUM_PATH) to run them.`);
}

rmSync(reportDirectory, { recursive: true, force: true });

heading('results');
for (const result of results) console.log(`${result.ok ? '\x1b[32m✓\x1b[0m' : '\x1b[31m✗\x1b[0m'} ${result.name} (${result.seconds}s)`);
for (const note of skipped) console.log(`\x1b[33m- skipped\x1b[0m ${note}`);
const failedSteps = results.filter((result) => !result.ok);
if (failedSteps.length > 0 && failedTests === 0) failedTests = failedSteps.length;
console.log(`summary: ${passedTests} passed, ${failedTests} failed${skippedTests ? `, ${skippedTests} skipped` : ''}`);
process.exit(failedSteps.length > 0 ? 1 : 0);
