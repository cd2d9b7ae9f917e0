#!/usr/bin/env node
/**
 * The main thread of a phone while a public page starts: each load in a fresh context, CPU slowed 4× (as
 * Lighthouse's mobile preset), the long tasks (> 50 ms) the page's PerformanceObserver saw, and their blocking
 * time after the first paint (the part of each over 50 ms, as Total Blocking Time counts it), until the app
 * marks itself interactive (<html data-interactive>) and 2 s after. Lighthouse's own figure swings by ±5 points
 * between batches on a shared machine; this one lists the tasks themselves, and splits them in two: the longest
 * (the scripts' start: their modules evaluated, the store and router made) and the blocking time of all the
 * others (mostly hydration), which the first paint does not straddle.
 *
 *   npm run build && npm start   # or any running server with the demo data
 *   node bench/lighthouse/long-tasks.mjs --url http://localhost:3000/products/<id> [--runs 7] [--chrome /usr/bin/chromium]
 */
import { chromium } from 'playwright-core';

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const index = args.indexOf(name);
  return index >= 0 && args[index + 1] ? args[index + 1] : fallback;
};
const url = option('--url', '');
if (!url || args.includes('--help')) {
  console.log('node bench/lighthouse/long-tasks.mjs --url URL [--runs 7] [--chrome /usr/bin/chromium]');
  process.exit(url ? 0 : 2);
}
const runs = Math.max(1, Number(option('--runs', '7')));
const browser = await chromium.launch({
  executablePath: option('--chrome', process.env.CHROME_PATH ?? '/usr/bin/chromium'),
  args: ['--no-sandbox', '--disable-gpu'],
});
const results = [];
try {
  for (let run = 0; run < runs; run += 1) {
    const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
    const page = await context.newPage();
    await page.addInitScript(() => {
      globalThis.__longTasks = [];
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) globalThis.__longTasks.push([Math.round(entry.startTime), Math.round(entry.duration)]);
      }).observe({ type: 'longtask', buffered: true });
    });
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.goto(url, { waitUntil: 'load' });
    await page.waitForSelector('html[data-interactive]', { state: 'attached', timeout: 30_000 });
    await page.waitForTimeout(2_000);
    const { tasks, fcp } = await page.evaluate(() => ({
      tasks: globalThis.__longTasks,
      fcp: Math.round(performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0),
    }));
    const blocking = tasks.filter(([start]) => start >= fcp).reduce((sum, [, duration]) => sum + Math.max(0, duration - 50), 0);
    results.push({ fcp, blocking, tasks });
    await context.close();
  }
} finally {
  await browser.close();
}
for (const { fcp, blocking, tasks } of results) {
  console.log(
    `first paint ${fcp} ms · blocking after it ${blocking} ms · long tasks (start+duration): ${tasks.map(([start, duration]) => `${start}+${duration}`).join(' ')}`,
  );
}
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const longest = (tasks) => Math.max(0, ...tasks.map(([, duration]) => duration));
const othersBlocking = (tasks) => {
  const index = tasks.findIndex(([, duration]) => duration === longest(tasks));
  return tasks.filter((_, other) => other !== index).reduce((sum, [, duration]) => sum + Math.max(0, duration - 50), 0);
};
console.log(
  `median over ${runs} loads: blocking after the first paint ${median(results.map((result) => result.blocking))} ms · ` +
    `longest task ${median(results.map((result) => longest(result.tasks)))} ms · blocking in the other tasks ${median(results.map((result) => othersBlocking(result.tasks)))} ms`,
);
