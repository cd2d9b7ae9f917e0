import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/helper';

// The web build writes source maps beside its chunks (scripts/check-bundle.mjs reads them); a production
// server never hands them out (docs/operations.md). Elsewhere they stay reachable for debugging a build.

const MAP = JSON.stringify({ version: 3, sources: ['../../src/features/checkout/pay.ts'], sourcesContent: ['const secretLogic = 1;'], mappings: 'AAAA' });
let webDirectory: string;

beforeAll(() => {
  webDirectory = path.join(tmpdir(), `marketplace-web-maps-${process.pid}-${Date.now()}`);
  mkdirSync(path.join(webDirectory, 'assets'), { recursive: true });
  writeFileSync(path.join(webDirectory, 'index.html'), '<!doctype html><div id="root"></div>');
  writeFileSync(path.join(webDirectory, 'assets', 'pay-abc123.js'), 'console.log(1)');
  writeFileSync(path.join(webDirectory, 'assets', 'pay-abc123.js.map'), MAP);
  writeFileSync(path.join(webDirectory, 'assets', 'index-def456.css'), 'body{}');
  writeFileSync(path.join(webDirectory, 'assets', 'index-def456.css.map'), MAP);
});
afterAll(() => {
  rmSync(webDirectory, { recursive: true, force: true });
});

describe('source maps', () => {
  // A file of the build that is not served is a 404 (JSON), never the map and never the page.
  it('are not served in production, while the chunks are', async () => {
    const testApp = await buildTestApp({ environment: { NODE_ENV: 'production', ALLOW_EMBEDDED_DATABASE: 'true', WEB_DIST_DIR: webDirectory } });
    try {
      for (const url of [
        '/assets/pay-abc123.js.map',
        '/assets/index-def456.css.map',
        '/assets/pay-abc123.js.map?x=1',
        '/assets/../assets/pay-abc123.js.map',
        '/assets/pay-abc123.js%2Emap',
      ]) {
        for (const method of ['GET', 'HEAD'] as const) {
          const response = await testApp.app.inject({ method, url });
          expect(response.statusCode, `${method} ${url}`).toBe(404);
          expect(response.body, `${method} ${url}`).not.toContain('mappings');
          expect(response.body, `${method} ${url}`).not.toContain('secretLogic');
        }
      }
      const chunk = await testApp.app.inject({ method: 'GET', url: '/assets/pay-abc123.js' });
      expect(chunk.statusCode).toBe(200);
      expect(chunk.body).toBe('console.log(1)');
    } finally {
      await testApp.close();
    }
  });

  it('are served outside production (to debug a local build)', async () => {
    const testApp = await buildTestApp({ environment: { WEB_DIST_DIR: webDirectory } });
    try {
      const response = await testApp.app.inject({ method: 'GET', url: '/assets/pay-abc123.js.map' });
      expect(response.statusCode).toBe(200);
      expect(response.body).toBe(MAP);
    } finally {
      await testApp.close();
    }
  });
});
