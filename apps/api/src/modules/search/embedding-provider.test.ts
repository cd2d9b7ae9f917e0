import { createServer, type IncomingMessage, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { cosineSimilarity, createOpenAiCompatibleEmbeddingProvider, embeddingProviderFrom } from './embedding-provider';

// A tiny OpenAI-compatible /embeddings server on a local port: the adapter is tested over real HTTP.

interface Received {
  url: string;
  authorization: string | undefined;
  body: { input: string[]; model?: string };
}

let server: Server;
let baseUrl: string;
const received: Received[] = [];
let mode: 'ok' | 'fail' | 'short' | 'slow' = 'ok';

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

beforeAll(async () => {
  server = createServer((request, response) => {
    void readBody(request).then((text) => {
      const body = JSON.parse(text) as Received['body'];
      received.push({ url: request.url ?? '', authorization: request.headers.authorization, body });
      if (mode === 'fail') {
        response.writeHead(500).end('{"error":"boom"}');
        return;
      }
      if (mode === 'slow') return; // never answers
      const inputs = mode === 'short' ? body.input.slice(1) : body.input;
      // Answered out of order on purpose: the adapter must sort by index.
      const data = inputs.map((input, index) => ({ object: 'embedding', index, embedding: [input.length, 1] })).reverse();
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ object: 'list', data }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe('OpenAI-compatible embedding provider', () => {
  it('posts {input, model} with the key to /embeddings and returns vectors in input order', async () => {
    mode = 'ok';
    const provider = createOpenAiCompatibleEmbeddingProvider({ url: baseUrl, apiKey: 'sk-test', model: 'tiny' });
    const vectors = await provider.embed(['a', 'abc', 'ab']);
    expect(vectors).toEqual([
      [1, 1],
      [3, 1],
      [2, 1],
    ]);
    expect(received.at(-1)).toEqual({ url: '/v1/embeddings', authorization: 'Bearer sk-test', body: { input: ['a', 'abc', 'ab'], model: 'tiny' } });
  });

  it('accepts the endpoint itself as the URL and sends no key when none is set', async () => {
    mode = 'ok';
    const provider = createOpenAiCompatibleEmbeddingProvider({ url: `${baseUrl}/embeddings` });
    await provider.embed(['x']);
    expect(received.at(-1)).toMatchObject({ url: '/v1/embeddings', authorization: undefined, body: { input: ['x'] } });
  });

  it('fails loudly on an error status, a missing vector or a timeout (the search then keeps its own order)', async () => {
    const provider = createOpenAiCompatibleEmbeddingProvider({ url: baseUrl, timeoutMs: 300 });
    mode = 'fail';
    await expect(provider.embed(['a'])).rejects.toThrow('500');
    mode = 'short';
    await expect(provider.embed(['a', 'b'])).rejects.toThrow('1 vectors for 2 texts');
    mode = 'slow';
    await expect(provider.embed(['a'])).rejects.toThrow();
  });

  it('is off unless EMBEDDINGS_URL is set', () => {
    const configured = (environment: Record<string, string>) =>
      embeddingProviderFrom(
        loadConfig({ NODE_ENV: 'test', DATA_DIR: tmpdir(), JWT_SECRET: 'a-secret-that-is-certainly-long-enough', ...environment }).embeddings,
      );
    expect(configured({})).toBeNull();
    expect(configured({ EMBEDDINGS_URL: '  ' })).toBeNull();
    expect(configured({ EMBEDDINGS_URL: baseUrl, EMBEDDINGS_API_KEY: 'k' })?.name).toBe('openai-compatible');
  });

  it('measures cosine similarity', () => {
    expect(cosineSimilarity([1, 0], [1, 0])).toBe(1);
    expect(cosineSimilarity([1, 0], [0, 1])).toBe(0);
    expect(cosineSimilarity([0, 0], [1, 1])).toBe(0);
    expect(cosineSimilarity([1, 1], [2, 2])).toBeCloseTo(1);
  });
});
