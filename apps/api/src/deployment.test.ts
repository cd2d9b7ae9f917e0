import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { healthRoutes } from './modules/health/health.routes';
import { declarationOf, type RouteDeclaration } from './plugins/route-access';

// Docker cannot run here, so the reference deployment (Dockerfile, compose.yaml, deploy/Caddyfile) is
// held to the commands that are tested: the scripts it names exist in package.json, the command it
// runs is the one `npm run serve` runs (apps/api/src/server-process.test.ts), the files it copies exist
// or are what the build makes, and every variable it sets is one config.ts reads.

const REPOSITORY_ROOT = path.resolve(import.meta.dirname, '../../..');
const read = (relative: string) => readFileSync(path.join(REPOSITORY_ROOT, relative), 'utf8');
const dockerfile = read('Dockerfile');
const rootScripts = (JSON.parse(read('package.json')) as { scripts: Record<string, string> }).scripts;
const apiScripts = (JSON.parse(read('apps/api/package.json')) as { scripts: Record<string, string> }).scripts;

/** Dockerfile instructions with their continuation lines joined. */
const instructions = dockerfile
  .replace(/\\\n/g, ' ')
  .split('\n')
  .map((line) => line.trim())
  .filter((line) => line && !line.startsWith('#'));
const jsonArgumentsOf = (keyword: string) =>
  instructions.filter((line) => line.startsWith(`${keyword} `)).map((line) => JSON.parse(line.slice(keyword.length + 1)) as string[]);

describe('the Dockerfile', () => {
  it('builds with npm ci and npm run build, and installs only production dependencies to run', () => {
    const runs = instructions.filter((line) => line.startsWith('RUN ')).join('\n');
    expect(runs).toMatch(/^RUN npm ci$/m);
    expect(runs).toMatch(/^RUN npm run build$/m);
    expect(rootScripts.build).toContain('npm run build -w @marketplace/api');
    expect(apiScripts.build).toBe('node scripts/build.mjs');
    expect(runs).toContain('npm ci --omit=dev --workspace @marketplace/api');
    expect(instructions).toContain('USER node');
  });

  it('runs node on the built server as PID 1, with the flags `npm run serve` uses', () => {
    const [command] = jsonArgumentsOf('CMD');
    expect(command?.[0]).toBe('node');
    expect(rootScripts.serve).toBe(`exec ${command!.join(' ')}`);
    expect(command!.at(-1)).toBe('apps/api/dist/server.js');
    // The build writes dist/<entry>.js for each entry point, server among them.
    expect(read('apps/api/scripts/build.mjs')).toMatch(/server: 'src\/server\.ts'/);
    expect(rootScripts.start).toBe('npm run build && exec npm run serve');
  });

  it('copies files that exist, and the three folders the build makes (the API, the web app, its server render)', () => {
    for (const line of instructions.filter((instruction) => instruction.startsWith('COPY ') && !instruction.includes('--from='))) {
      const sources = line.split(/\s+/).slice(1, -1);
      for (const source of sources) if (source !== '.') expect(existsSync(path.join(REPOSITORY_ROOT, source)), source).toBe(true);
    }
    const fromBuild = instructions.filter((line) => line.startsWith('COPY --from=build')).map((line) => line.split(/\s+/)[2]);
    expect(fromBuild).toEqual(['/app/apps/api/dist', '/app/apps/web/dist', '/app/apps/web/dist-ssr']);
  });

  it('checks health on the liveness endpoint the API serves, which needs no token and allows far more probes than the check sends', async () => {
    const healthcheck = instructions.find((line) => line.startsWith('HEALTHCHECK '));
    expect(healthcheck).toContain('/api/health/live');
    // The health routes as their module registers them, and what each declares.
    expect(read('apps/api/src/modules/health/health.module.ts')).toContain("app.register(healthRoutes, { prefix: '/api/health',");
    const app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    const declared = new Map<string, RouteDeclaration | null>();
    app.addHook('onRoute', (route) => {
      for (const method of [route.method].flat()) declared.set(`${method} ${route.url}`, declarationOf({ method, url: route.url, config: route.config }));
    });
    await app.register(healthRoutes, { prefix: '/api/health', pingDatabase: async () => undefined });
    await app.ready();
    const live = declared.get('GET /api/health/live');
    expect(live).toMatchObject({ access: { access: 'public' }, requestLimit: { per: 'address' } });
    // The check's own rate (one per --interval) is a tenth of the limit at most.
    const intervalSeconds = Number(/--interval=(\d+)s/.exec(healthcheck ?? '')?.[1]);
    const limit = live!.requestLimit as { max: number; windowSeconds: number };
    expect(limit.max / limit.windowSeconds).toBeGreaterThanOrEqual(10 / intervalSeconds);
    expect((await app.inject({ method: 'GET', url: '/api/health/live' })).statusCode).toBe(200);
    await app.close();
  });

  it('leaves installed and built files out of the build context', () => {
    const ignored = read('.dockerignore').split('\n');
    for (const entry of ['**/node_modules', '**/dist', '**/dist-ssr', 'data', '.git', '.env']) expect(ignored).toContain(entry);
  });
});

describe('compose.yaml', () => {
  const compose = parse(read('compose.yaml'), { merge: true }) as {
    services: Record<string, { build?: string; environment?: Record<string, string>; volumes?: string[] }>;
  };
  const configSource = read('apps/api/src/config.ts');
  const apiServices = Object.entries(compose.services).filter(([, service]) => service.build === '.');

  it('runs two API instances from this Dockerfile with the production settings', () => {
    expect(apiServices.map(([name]) => name)).toEqual(['api-1', 'api-2']);
    for (const [, service] of apiServices) {
      expect(Object.keys(service.environment ?? {})).toEqual(
        expect.arrayContaining([
          'NODE_ENV',
          'DATABASE_URL',
          'REDIS_URL',
          'S3_BUCKET',
          'S3_ENDPOINT',
          'S3_FORCE_PATH_STYLE',
          'AWS_ACCESS_KEY_ID',
          'AWS_SECRET_ACCESS_KEY',
          'JWT_SECRET',
          'PUBLIC_URL',
        ]),
      );
      expect(service.environment?.NODE_ENV).toBe('production');
    }
  });

  it('sets only variables config.ts reads', () => {
    for (const [, service] of apiServices) {
      for (const name of Object.keys(service.environment ?? {})) expect(configSource, name).toMatch(new RegExp(`^\\s+${name}: `, 'm'));
    }
  });

  it('puts the proxy in front of exactly those instances, on the port they listen on', () => {
    const caddyfile = read('deploy/Caddyfile');
    expect(compose.services.proxy?.volumes).toContain('./deploy/Caddyfile:/etc/caddy/Caddyfile:ro');
    expect(caddyfile).toContain(`reverse_proxy ${apiServices.map(([name]) => `${name}:3000`).join(' ')}`);
    expect(dockerfile).toMatch(/PORT=3000/);
    expect(caddyfile).toContain('health_uri /api/health/ready');
  });
});
