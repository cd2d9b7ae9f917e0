import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import pg from 'pg';
import sharp from 'sharp';
import { io as connectSocket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmptyDatabase, freePort, isGroupAlive, waitUntil, withinSeconds } from './processes';
import { startS3Server, type TestS3Server } from './s3-server';
import { timeLimit } from './time-limit';

// The reference deployment in one test (docs/operations.md): two instances of the production build
// (`npm run serve`, compiled JavaScript under node) started at the same moment on one empty PostgreSQL,
// one Redis and one S3-compatible bucket (s3rver, in this process), each with its own DATA_DIR as
// separate machines have. They race the migrations and the demo seed; a photo uploaded on A is served
// by B from the bucket; a chat photo is refused to a stranger on either; a scheduled job runs once per
// period, not once per instance; SIGTERM drains A and exits 0 while B keeps serving.

const databaseServerUrl = process.env.TEST_DATABASE_URL;
// Runs in `npm test`'s PostgreSQL stage (TEST_DATABASE_URL), with REDIS_URL or a local Redis.
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const REPOSITORY_ROOT = path.resolve(import.meta.dirname, '../../..');
const JOURNAL = path.join(REPOSITORY_ROOT, 'apps/api/src/db/migrations/meta/_journal.json');
const SECRET = 'cluster-test-secret-that-is-long-enough-for-hs256';
const DEMO_PASSWORD = 'marketplace-demo';

interface Instance {
  name: string;
  child: ChildProcess;
  port: number;
  base: string;
  output: string[];
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

describe.skipIf(!databaseServerUrl)('two instances of the production build on one PostgreSQL, Redis and bucket (skipped without TEST_DATABASE_URL)', () => {
  let database: Awaited<ReturnType<typeof createEmptyDatabase>> | undefined;
  const redisPrefix = `cluster-test-${process.pid}-${Math.random().toString(36).slice(2, 8)}`;
  const dataDirectories: string[] = [];
  let databaseUrl = '';
  let s3: TestS3Server;
  let bucket: S3Client;
  let a: Instance;
  let b: Instance;

  function startInstance(name: string, port: number): Instance {
    const dataDirectory = mkdtempSync(path.join(tmpdir(), `marketplace-cluster-${name}-`));
    dataDirectories.push(dataDirectory);
    const child = spawn('npm', ['run', '--silent', 'serve'], {
      cwd: REPOSITORY_ROOT,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        ...process.env,
        ...s3.environment,
        NODE_ENV: 'production',
        DATABASE_URL: databaseUrl,
        DATABASE_POOL_SIZE: '5',
        REDIS_URL: redisUrl,
        REDIS_KEY_PREFIX: redisPrefix,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDirectory,
        JWT_SECRET: SECRET,
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        SEED_DEMO_DATA: 'true',
        SHUTDOWN_TIMEOUT_SECONDS: '5',
        // The shortest period the settings allow, so the test sees a few of them.
        JOBS_RESUME_SECONDS: '10',
        LOG_LEVEL: 'info',
        TEST_DATABASE_URL: '',
      },
    });
    const output: string[] = [];
    child.stdout?.on('data', (chunk) => output.push(String(chunk)));
    child.stderr?.on('data', (chunk) => output.push(String(chunk)));
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
      // 'close', not 'exit': at 'exit' the last lines the process wrote may still be unread in its pipes.
      child.once('close', (code, signal) => resolve({ code, signal })),
    );
    return { name, child, port, base: `http://127.0.0.1:${port}`, output, exited };
  }

  async function waitUntilReady(instance: Instance): Promise<void> {
    const deadline = Date.now() + 150_000;
    while (Date.now() < deadline) {
      if (instance.child.exitCode !== null) throw new Error(`Instance ${instance.name} exited (${instance.child.exitCode}):\n${instance.output.join('')}`);
      try {
        if ((await fetch(`${instance.base}/api/health/ready`)).ok) return;
      } catch {
        // not listening yet
      }
      await new Promise((resolve) => setTimeout(resolve, 300));
    }
    throw new Error(`Instance ${instance.name} not ready in time:\n${instance.output.join('')}`);
  }

  async function query<T extends pg.QueryResultRow>(text: string, values: unknown[] = []): Promise<T[]> {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      return (await client.query<T>(text, values)).rows;
    } finally {
      await client.end();
    }
  }

  async function login(instance: Instance, email: string): Promise<{ token: string; id: string }> {
    const response = await fetch(`${instance.base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: DEMO_PASSWORD }),
    });
    expect(response.status, `login ${email} on ${instance.name}`).toBe(200);
    const body = (await response.json()) as { token: string; user: { id: string } };
    return { token: body.token, id: body.user.id };
  }

  async function upload(instance: Instance, url: string, token: string, file: Buffer): Promise<Response> {
    const form = new FormData();
    form.append('files', new Blob([file], { type: 'image/png' }), 'photo.png');
    return fetch(`${instance.base}${url}`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
  }

  async function objectInBucket(key: string): Promise<Buffer> {
    const answer = await bucket.send(new GetObjectCommand({ Bucket: s3.config.bucket, Key: key }));
    return Buffer.from(await answer.Body!.transformToByteArray());
  }

  beforeAll(async () => {
    s3 = await startS3Server('marketplace-cluster');
    bucket = new S3Client({ endpoint: s3.config.endpoint, region: s3.config.region, forcePathStyle: true, credentials: { ...s3.config.credentials! } });
    database = await createEmptyDatabase(databaseServerUrl!, 'marketplace_cluster');
    databaseUrl = database.url;

    // Both at the same moment, on an empty database.
    const [portA, portB] = [await freePort(), await freePort()];
    a = startInstance('A', portA);
    b = startInstance('B', portB);
    await Promise.all([waitUntilReady(a), waitUntilReady(b)]);
  }, timeLimit(240_000));

  afterAll(async () => {
    for (const instance of [a, b]) {
      if (instance?.child.pid && isGroupAlive(instance.child.pid)) process.kill(-instance.child.pid, 'SIGKILL');
    }
    await Promise.all([a, b].filter(Boolean).map((instance) => withinSeconds(instance.exited, 15, 'exit').catch(() => undefined)));
    bucket?.destroy();
    await s3?.close();
    await database?.drop();
    for (const directory of dataDirectories) rmSync(directory, { recursive: true, force: true });
  });

  it('come up healthy after racing the migrations and the demo seed on an empty database', async () => {
    for (const instance of [a, b]) {
      const ready = await fetch(`${instance.base}/api/health/ready`);
      expect(await ready.json()).toEqual({ status: 'ready', checks: { database: 'up', redis: 'up', files: 'up' } });
    }
    const journal = JSON.parse(readFileSync(JOURNAL, 'utf8')) as { entries: unknown[] };
    const [applied] = await query<{ count: string }>('select count(*) from drizzle.__drizzle_migrations');
    expect(Number(applied!.count)).toBe(journal.entries.length);
    // Seeded once: one admin, not two.
    const [admins] = await query<{ count: string }>(`select count(*) from users where email = 'admin@example.com'`);
    expect(Number(admins!.count)).toBe(1);
  });

  it('serve a photo uploaded on A from B, out of the bucket; seeded photos are served by both', async () => {
    const seller = await login(a, 'seller@example.com');
    const page = (await (await fetch(`${b.base}/api/products?limit=48`)).json()) as {
      items: Array<{ id: string; seller: { id: string }; image: { url: string } | null }>;
    };
    const seeded = page.items.find((item) => item.image);
    expect(seeded, 'a seeded product with a photo').toBeDefined();
    for (const instance of [a, b]) {
      const photo = await fetch(`${instance.base}${seeded!.image!.url}`);
      expect(photo.status, `seeded photo on ${instance.name}`).toBe(200);
      expect(photo.headers.get('content-type')).toBe('image/webp');
    }

    const own = page.items.find((item) => item.seller.id === seller.id);
    expect(own, "one of seller@example.com's listings").toBeDefined();
    const png = await sharp({ create: { width: 320, height: 240, channels: 3, background: { r: 20, g: 120, b: 90 } } })
      .png()
      .toBuffer();
    const uploaded = await upload(a, `/api/products/${own!.id}/images`, seller.token, png);
    expect(uploaded.status).toBe(200);
    const images = ((await uploaded.json()) as { images: Array<{ url: string }> }).images;
    const url = images.at(-1)!.url;
    expect(url).toMatch(/^\/uploads\/products\//);

    const served = await fetch(`${b.base}${url}`);
    expect(served.status).toBe(200);
    const bytes = Buffer.from(await served.arrayBuffer());
    expect(bytes.equals(await objectInBucket(url.slice('/uploads/'.length)))).toBe(true);
  });

  it('refuse a chat photo to a stranger on either instance, and serve it to the participant on both', async () => {
    const buyer = await login(a, 'buyer@example.com');
    const stranger = await login(b, 'buyer2@example.com');
    const seller = await login(b, 'seller2@example.com');
    const started = await fetch(`${a.base}/api/chat`, {
      method: 'POST',
      headers: { authorization: `Bearer ${buyer.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ sellerId: seller.id }),
    });
    expect(started.status).toBe(200);
    const chatId = ((await started.json()) as { chat: { id: string } }).chat.id;
    const png = await sharp({ create: { width: 200, height: 200, channels: 3, background: { r: 200, g: 30, b: 30 } } })
      .png()
      .toBuffer();
    const uploaded = await upload(a, `/api/chat/${chatId}/attachments`, buyer.token, png);
    expect(uploaded.status).toBe(201);
    const attachment = ((await uploaded.json()) as { attachments: Array<{ id: string; url: string }> }).attachments[0]!;
    // Sent on A's socket; the seller, connected to B, hears it through Redis with a link of their own.
    const buyerSocket = connectSocket(a.base, { transports: ['websocket'], auth: { token: buyer.token }, reconnection: false, forceNew: true });
    const sellerSocket = connectSocket(b.base, { transports: ['websocket'], auth: { token: seller.token }, reconnection: false, forceNew: true });
    try {
      await Promise.all(
        [buyerSocket, sellerSocket].map((socket) =>
          withinSeconds(new Promise((resolve, reject) => socket.once('connect', () => resolve(undefined)).once('connect_error', reject)), 10, 'socket connect'),
        ),
      );
      const heard = new Promise<{ message: { attachments: Array<{ url: string }> } }>((resolve) =>
        sellerSocket.on('new_message', (payload) => resolve(payload)),
      );
      const ack = await withinSeconds(
        new Promise<{ ok: boolean }>((resolve) => buyerSocket.emit('send_message', { chatId, content: 'The scratch', attachments: [attachment.id] }, resolve)),
        10,
        'send_message',
      );
      expect(ack.ok).toBe(true);
      const received = await withinSeconds(heard, 10, 'new_message on B');
      const sellersLink = received.message.attachments[0]!.url;
      expect((await fetch(`${b.base}${sellersLink}`)).status, 'the seller on B').toBe(200);
    } finally {
      buyerSocket.disconnect();
      sellerSocket.disconnect();
    }

    const key = new URL(attachment.url, 'http://x').pathname.slice('/api/files/'.length);
    for (const instance of [a, b]) {
      // The participant's signed link works on both.
      expect((await fetch(`${instance.base}${attachment.url}`)).status, `participant on ${instance.name}`).toBe(200);
      // A stranger reads no message to get a link from, and without one gets nothing.
      expect((await fetch(`${instance.base}/api/chat/${chatId}/messages`, { headers: { authorization: `Bearer ${stranger.token}` } })).status).toBe(404);
      expect(
        (await fetch(`${instance.base}/api/files/${key}`, { headers: { authorization: `Bearer ${stranger.token}` } })).status,
        `stranger on ${instance.name}`,
      ).toBe(403);
      expect((await fetch(`${instance.base}/uploads/${key}`)).status, `public path on ${instance.name}`).toBe(404);
    }
  });

  it('run a scheduled job once per period across both instances, not once per instance', { timeout: timeLimit(60_000) }, async () => {
    // Both instances offer the 10-second job a few times a period; once three periods have run (two of them to
    // the end) there must be one job a slot.
    const jobRows = () =>
      query<{ singleton_on: Date | null; state: string }>(
        `select singleton_on, state::text from pgboss.job where name = 'payouts-resume-stale'
           union all select singleton_on, state::text from pgboss.archive where name = 'payouts-resume-stale'`,
      );
    let rows = await jobRows();
    for (const deadline = Date.now() + 50_000; Date.now() < deadline; rows = await jobRows()) {
      if (rows.length >= 3 && rows.filter((row) => row.state === 'completed').length >= 2) break;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    expect(rows.length).toBeGreaterThanOrEqual(3);
    const slots = new Set(rows.map((row) => row.singleton_on?.toISOString()));
    expect(slots.has(undefined)).toBe(false);
    expect(slots.size).toBe(rows.length);
    expect(rows.filter((row) => row.state === 'completed').length).toBeGreaterThanOrEqual(2);
    // Both instances run the queue (either may take a slot's job): each reports its queues in /metrics.
    for (const instance of [a, b]) {
      const metrics = await (await fetch(`${instance.base}/metrics`)).text();
      expect(metrics, `metrics of ${instance.name}`).toMatch(/^job_queue_queued_jobs\{queue="payouts-resume-stale"\} \d+$/m);
    }
  });

  it('drain A on SIGTERM and exit 0, while B keeps serving', { timeout: timeLimit(40_000) }, async () => {
    const groupId = a.child.pid!;
    process.kill(-groupId, 'SIGTERM');
    expect(await withinSeconds(a.exited, 20, 'exit of A')).toEqual({ code: 0, signal: null });
    await waitUntil(() => !isGroupAlive(groupId), 15, 'the process group of A to end');
    const lines = a.output
      .join('')
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as { msg: string });
    expect(lines.at(-1)?.msg).toBe('shut down');
    expect((await fetch(`${b.base}/api/health/ready`)).status).toBe(200);
    expect((await fetch(`${b.base}/api/products?limit=1`)).status).toBe(200);
  });
});
