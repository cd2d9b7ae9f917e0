#!/usr/bin/env node
/**
 * Lighthouse on the built web app ("Performance", Web): performance and accessibility of
 * /, /products, a product page and its shop as a guest (no session), /products (buyer), a product page /products/:id (buyer)
 * and /seller/shipments (seller), each with
 * Lighthouse's default mobile settings and its desktop preset.
 *
 *   npm run build && node bench/lighthouse/run.mjs           # boots its own seeded API on a free port
 *   node bench/lighthouse/run.mjs --url http://localhost:3000  # use a running server (demo data)
 *   node bench/lighthouse/run.mjs --only products --form-factor mobile --min 90
 *   node bench/lighthouse/run.mjs --runs 3                     # median of 3 runs per page and device
 *
 * How: the API (which also serves apps/web/dist) starts with a fresh temp DATA_DIR and the demo seed.
 * Debian's Chromium is started by playwright-core with a remote-debugging port. Before each run the
 * script logs in through POST /api/auth/login, writes the session keys the app reads (lib/session.ts)
 * into localStorage from a same-origin JSON URL (/api/health, so no app asset is cached), clears the
 * HTTP cache, and Lighthouse then audits the page on the same Chrome through that port. Lighthouse's
 * own storage reset is off (it would delete the session); the cache is cleared by hand instead, so
 * every run is a first visit with a cold cache. With --runs N each page and device is audited N
 * times and the run with the median performance score is kept (TBT swings on a busy machine).
 *
 * Reports: bench/lighthouse/reports/<page>-<mobile|desktop>.report.{json,html} and summary.json. The JSON reports
 *   are committed (trimmed of the film strip); the HTML files are not: each is its JSON plus the viewer.
 * Exit 1 when any score is under --min (default 90), 2 on a set-up error.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import lighthouse, { desktopConfig } from 'lighthouse';
import { chromium } from 'playwright-core';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const REPORTS = path.join(ROOT, 'bench/lighthouse/reports');
const DEMO_PASSWORD = 'marketplace-demo';
const SESSION_KEYS = { token: 'token', role: 'role', userId: 'userId', userName: 'userName' }; // lib/session.ts

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const index = args.indexOf(name);
  return index >= 0 && args[index + 1] ? args[index + 1] : fallback;
};
if (args.includes('--help')) {
  console.log(
    'node bench/lighthouse/run.mjs [--url BASE] [--only guest-home|guest-products|guest-product|guest-shop|products|product|seller-shipments] [--form-factor mobile|desktop]\n' +
      '                             [--runs 1] [--min 90] [--chrome /usr/bin/chromium]',
  );
  process.exit(0);
}
const CHROME = option('--chrome', process.env.CHROME_PATH ?? '/usr/bin/chromium');
const MIN_SCORE = Number(option('--min', '90'));
const ONLY = option('--only', '');
const FORM_FACTORS = option('--form-factor', 'mobile,desktop').split(',');
const RUNS = Math.max(1, Number(option('--runs', '1')));
const CATEGORIES = ['performance', 'accessibility'];

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

async function waitForHealth(base, timeoutMs, child) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child && child.exitCode !== null) throw new Error(`the API exited with code ${child.exitCode}`);
    try {
      const response = await fetch(`${base}/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`${base}/api/health did not answer within ${timeoutMs / 1000} s`);
}

async function startServer() {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'lighthouse-data-'));
  const child = spawn('npm', ['run', 'serve'], {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), LOG_LEVEL: 'warn', SEED_DEMO_DATA: 'true' },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true, // its own process group, so npm and node stop together
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const base = `http://localhost:${port}`;
  const stop = async () => {
    if (child.exitCode === null) {
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        // already gone
      }
      await Promise.race([new Promise((resolve) => child.once('exit', resolve)), new Promise((resolve) => setTimeout(resolve, 10_000))]);
      if (child.exitCode === null) {
        try {
          process.kill(-child.pid, 'SIGKILL');
        } catch {
          // already gone
        }
      }
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitForHealth(base, 120_000, child);
  } catch (error) {
    await stop();
    throw new Error(`${error.message}\n${output}`);
  }
  return { base, stop };
}

async function login(base, email) {
  const response = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  if (!response.ok) throw new Error(`login as ${email} failed: ${response.status} ${await response.text()}`);
  return response.json();
}

async function firstProduct(base, token) {
  const response = await fetch(`${base}/api/products?limit=1`, { headers: { authorization: `Bearer ${token}` } });
  if (!response.ok) throw new Error(`GET /api/products failed: ${response.status}`);
  const body = await response.json();
  const first = body.items?.[0];
  if (!first?.id) throw new Error('the demo catalogue has no product');
  return { productId: first.id, sellerId: first.seller?.id };
}

const formatScore = (score) => (score === null || score === undefined ? '  -' : String(Math.round(score * 100)).padStart(3));

async function main() {
  let server = null;
  let context = null;
  const profileDir = mkdtempSync(path.join(os.tmpdir(), 'lighthouse-chrome-'));
  const cleanUp = async () => {
    await context?.close().catch(() => {});
    await server?.stop();
    rmSync(profileDir, { recursive: true, force: true });
  };
  process.once('SIGINT', () => void cleanUp().then(() => process.exit(130)));

  try {
    const base = option('--url', '') || (server = await startServer()).base;
    if (!server) await waitForHealth(base, 10_000);
    console.log(`Server: ${base}`);

    const buyer = await login(base, 'buyer@example.com');
    const seller = await login(base, 'seller@example.com');
    const { productId, sellerId } = await firstProduct(base, buyer.token);
    const pages = [
      // A visitor from a search engine or a shared link: no session, the pages the server renders.
      { slug: 'guest-home', path: '/', session: null },
      { slug: 'guest-products', path: '/products', session: null },
      { slug: 'guest-product', path: `/products/${productId}`, session: null },
      { slug: 'guest-shop', path: `/shop/${sellerId}`, session: null },
      { slug: 'products', path: '/products', session: buyer },
      { slug: 'product', path: `/products/${productId}`, session: buyer },
      { slug: 'seller-shipments', path: '/seller/shipments', session: seller },
    ].filter((page) => !ONLY || ONLY.split(',').includes(page.slug));

    const debuggingPort = await freePort();
    // A persistent context is Chrome's default profile, which the tabs Lighthouse opens share (localStorage).
    context = await chromium.launchPersistentContext(profileDir, {
      executablePath: CHROME,
      headless: true,
      args: ['--headless=new', '--no-sandbox', '--disable-gpu', `--remote-debugging-port=${debuggingPort}`],
    });
    const setupPage = context.pages()[0] ?? (await context.newPage());
    const cdp = await context.newCDPSession(setupPage);

    mkdirSync(REPORTS, { recursive: true });
    const results = [];
    for (const page of pages) {
      for (const formFactor of FORM_FACTORS) {
        const runs = [];
        for (let run = 0; run < RUNS; run += 1) {
          // Sign in as the app does (saveSession), from a same-origin URL that loads none of the app.
          await setupPage.goto(`${base}/api/health`);
          await setupPage.evaluate(
            ({ keys, session }) => {
              localStorage.clear();
              if (!session) return;
              localStorage.setItem(keys.token, session.token);
              localStorage.setItem(keys.role, session.user.role);
              localStorage.setItem(keys.userId, session.user.id);
              localStorage.setItem(keys.userName, `${session.user.firstName} ${session.user.lastName}`.trim());
            },
            { keys: SESSION_KEYS, session: page.session },
          );
          await cdp.send('Network.clearBrowserCache');
          await setupPage.goto('about:blank');

          const url = `${base}${page.path}`;
          const flags = {
            port: debuggingPort,
            output: ['json', 'html'],
            logLevel: 'error',
            onlyCategories: CATEGORIES,
            disableStorageReset: true,
          };
          const runnerResult = await lighthouse(url, flags, formFactor === 'desktop' ? desktopConfig : undefined);
          if (!runnerResult) throw new Error(`Lighthouse returned nothing for ${url}`);
          runs.push(runnerResult);
        }
        // The run with the median performance score (the only one kept on disk).
        const byPerformance = [...runs].sort((a, b) => (a.lhr.categories.performance?.score ?? 0) - (b.lhr.categories.performance?.score ?? 0));
        const { lhr, report } = byPerformance[Math.floor((byPerformance.length - 1) / 2)];
        const allRuns = runs.map((r) => Object.fromEntries(CATEGORIES.map((category) => [category, r.lhr.categories[category]?.score ?? null])));
        const [json, html] = Array.isArray(report) ? report : [report, ''];
        const name = `${page.slug}-${formFactor}.report`;
        // The JSON report is kept in git: without the film strip and the full-page screenshot (≈ 0.3 MB
        // of base64 images; the final screenshot stays), and unindented. The viewer opens it as it is.
        const kept = JSON.parse(json);
        delete kept.fullPageScreenshot;
        if (kept.audits?.['screenshot-thumbnails']) delete kept.audits['screenshot-thumbnails'].details;
        writeFileSync(path.join(REPORTS, `${name}.json`), `${JSON.stringify(kept)}\n`);
        if (html) writeFileSync(path.join(REPORTS, `${name}.html`), html);

        const finalPath = new URL(lhr.finalDisplayedUrl).pathname;
        if (finalPath !== page.path) console.warn(`  ! ${page.path} ended on ${finalPath} (session not accepted?)`);
        const scores = Object.fromEntries(CATEGORIES.map((category) => [category, lhr.categories[category]?.score ?? null]));
        const metrics = Object.fromEntries(
          ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift', 'speed-index'].map((id) => [
            id,
            lhr.audits[id]?.displayValue ?? null,
          ]),
        );
        const failedAudits = Object.values(lhr.audits)
          .filter(
            (audit) => audit.score !== null && audit.score < 0.9 && audit.scoreDisplayMode !== 'informative' && audit.scoreDisplayMode !== 'notApplicable',
          )
          .map((audit) => `${audit.id}${audit.displayValue ? ` (${audit.displayValue})` : ''}`);
        results.push({ page: page.slug, path: page.path, formFactor, finalPath, scores, metrics, failedAudits, runs: allRuns, runWarnings: lhr.runWarnings });
        console.log(
          `  ${page.slug.padEnd(17)} ${formFactor.padEnd(8)} performance ${formatScore(scores.performance)}  accessibility ${formatScore(scores.accessibility)}` +
            `   FCP ${metrics['first-contentful-paint']}  LCP ${metrics['largest-contentful-paint']}  TBT ${metrics['total-blocking-time']}  CLS ${metrics['cumulative-layout-shift']}` +
            (RUNS > 1 ? `   (performance per run: ${allRuns.map((r) => formatScore(r.performance).trim()).join(', ')})` : ''),
        );
      }
    }

    const summary = {
      date: new Date().toISOString(),
      lighthouse: (await import('lighthouse/package.json', { with: { type: 'json' } })).default.version,
      chrome: context.browser()?.version() ?? null,
      minScore: MIN_SCORE,
      runsPerPage: RUNS,
      results,
    };
    writeFileSync(path.join(REPORTS, 'summary.json'), `${JSON.stringify(summary, null, 2)}\n`);

    console.log(`\n${'page'.padEnd(17)} ${'device'.padEnd(8)} perf  a11y`);
    for (const result of results) {
      console.log(
        `${result.page.padEnd(17)} ${result.formFactor.padEnd(8)} ${formatScore(result.scores.performance)}   ${formatScore(result.scores.accessibility)}`,
      );
    }
    const below = results.filter((result) => CATEGORIES.some((category) => (result.scores[category] ?? 0) * 100 < MIN_SCORE));
    for (const result of below)
      console.log(`  under ${MIN_SCORE}: ${result.page} ${result.formFactor} — failing audits: ${result.failedAudits.join(', ') || 'none listed'}`);
    console.log(
      `\nReports in ${path.relative(ROOT, REPORTS)}/ — ${below.length === 0 ? `PASS (all ≥ ${MIN_SCORE})` : `FAIL (${below.length} run(s) under ${MIN_SCORE})`}`,
    );
    await cleanUp();
    process.exit(below.length === 0 ? 0 : 1);
  } catch (error) {
    console.error(error instanceof Error ? error.stack : error);
    await cleanUp();
    process.exit(2);
  }
}

await main();
