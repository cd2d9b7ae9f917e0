// Optional re-ranking by meaning. The port is tiny on purpose: texts in, vectors out.
// Nothing is configured by default, and search works the same without it; with EMBEDDINGS_URL set,
// any OpenAI-compatible /embeddings endpoint (OpenAI, a local Ollama or llama.cpp server, ...) is
// used to re-order the top results.

export interface EmbeddingProvider {
  readonly name: string;
  /** One vector per text, in the same order. */
  embed(texts: string[]): Promise<number[][]>;
}

export interface OpenAiCompatibleEmbeddingOptions {
  /** The service's base URL (`https://api.openai.com/v1`) or its /embeddings endpoint itself. */
  url: string;
  apiKey?: string | undefined;
  model?: string | undefined;
  /** A slow embedding service must not hold up a search: past this, the plain ranking is kept. */
  timeoutMs?: number;
  fetch?: typeof fetch;
}

const DEFAULT_TIMEOUT_MS = 2500;

export function createOpenAiCompatibleEmbeddingProvider(options: OpenAiCompatibleEmbeddingOptions): EmbeddingProvider {
  const endpoint = /\/embeddings\/?$/.test(options.url) ? options.url : `${options.url.replace(/\/+$/, '')}/embeddings`;
  const send = options.fetch ?? fetch;
  return {
    name: 'openai-compatible',
    async embed(texts) {
      if (texts.length === 0) return [];
      const response = await send(endpoint, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {}),
        },
        body: JSON.stringify({ input: texts, ...(options.model ? { model: options.model } : {}) }),
        signal: AbortSignal.timeout(options.timeoutMs ?? DEFAULT_TIMEOUT_MS),
      });
      if (!response.ok) throw new Error(`Embeddings service answered ${response.status}`);
      const body = (await response.json()) as { data?: Array<{ embedding?: unknown; index?: number }> };
      const data = Array.isArray(body.data) ? body.data : [];
      const vectors = [...data]
        .sort((a, b) => (a.index ?? 0) - (b.index ?? 0))
        .map((entry) => entry.embedding)
        .filter((embedding): embedding is number[] => Array.isArray(embedding) && embedding.every((value) => typeof value === 'number'));
      if (vectors.length !== texts.length) throw new Error(`Embeddings service returned ${vectors.length} vectors for ${texts.length} texts`);
      return vectors;
    },
  };
}

/** The provider the configuration names (config.ts: EMBEDDINGS_URL, _API_KEY, _MODEL), or null: no re-ranking. */
export function embeddingProviderFrom(settings: { url: string; apiKey?: string | undefined; model: string } | null): EmbeddingProvider | null {
  return settings ? createOpenAiCompatibleEmbeddingProvider(settings) : null;
}

export function cosineSimilarity(a: readonly number[], b: readonly number[]): number {
  let dot = 0;
  let normA = 0;
  let normB = 0;
  const length = Math.min(a.length, b.length);
  for (let index = 0; index < length; index += 1) {
    const x = a[index] ?? 0;
    const y = b[index] ?? 0;
    dot += x * y;
    normA += x * x;
    normB += y * y;
  }
  return normA === 0 || normB === 0 ? 0 : dot / Math.sqrt(normA * normB);
}
