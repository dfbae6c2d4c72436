import { createHash } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedEmbeddingRequest {
  readonly path: string;
  readonly authorization: string | undefined;
  readonly googleKey: string | undefined;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  readonly body: any;
}

export interface EmbeddingServer {
  /** The server's address: OPENAI_BASE_URL is `${url}/v1`; MISTRAL_BASE_URL and GOOGLE_BASE_URL are the address itself. */
  readonly url: string;
  readonly received: ReceivedEmbeddingRequest[];
  /** The next request is answered with this status and error (OpenAI's shape; Mistral and Gemini read the message too). */
  failNext(status: number, message: string): void;
  close(): Promise<void>;
}

/** The vector the server gives a text: unit length, the same every time (a hash of model and text seeds it). */
export function serverVector(model: string, text: string, dimensions: number): number[] {
  const values: number[] = [];
  for (let block = 0; values.length < dimensions; block++) {
    const digest = createHash('sha256').update(`${model}\n${text}\n${block}`).digest();
    for (let i = 0; i + 1 < digest.length && values.length < dimensions; i += 2) values.push(digest.readUInt16BE(i) / 32768 - 1);
  }
  const norm = Math.hypot(...values);
  return values.map((v) => v / norm);
}

/** The prompt tokens the server reports: one per word, so a test knows the bill in advance. */
export function serverTokens(text: string): number {
  return text.split(/\s+/).filter(Boolean).length;
}

const FULL_SIZE: Readonly<Record<string, number>> = {
  'text-embedding-3-small': 1536,
  'text-embedding-3-large': 3072,
  'mistral-embed': 1024,
  'nomic-embed-text': 768,
  'gemini-embedding-001': 3072,
  'text-embedding-004': 768,
};

/**
 * A loopback server speaking the embeddings wire formats of OpenAI (and OpenAI-compatible servers such as Ollama) and
 * Mistral (`POST /v1/embeddings`) and of the Gemini API (`POST /v1beta/models/{model}:batchEmbedContents`), so the
 * real SDK adapters run end to end. Like Gemini, it answers shortened vectors without renormalising them.
 */
export async function startEmbeddingServer(): Promise<EmbeddingServer> {
  const received: ReceivedEmbeddingRequest[] = [];
  let failure: { status: number; message: string } | undefined;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}');
      const path = (req.url ?? '').split('?')[0]!;
      received.push({ path, authorization: req.headers.authorization, googleKey: req.headers['x-goog-api-key'] as string | undefined, body });
      // One connection per request: a kept-alive socket the server drops after its idle timeout (5 s), while a slow
      // SDK was still getting ready to reuse it, reset the next request (ECONNRESET) on a loaded machine.
      const send = (status: number, answer: unknown) =>
        res.writeHead(status, { 'content-type': 'application/json', connection: 'close' }).end(JSON.stringify(answer));
      if (failure) {
        const { status, message } = failure;
        failure = undefined;
        return send(status, { error: { message, type: 'server_error', code: status, status: 'UNAVAILABLE' }, message });
      }
      if (req.method === 'POST' && path === '/v1/embeddings') {
        const inputs: unknown[] = Array.isArray(body.input) && (body.input.length === 0 || typeof body.input[0] !== 'number') ? body.input : [body.input];
        const size = body.dimensions ?? body.output_dimension ?? FULL_SIZE[body.model] ?? 1536;
        const texts = inputs.map((input) => (typeof input === 'string' ? input : `tokens:${(input as number[]).join(',')}`));
        const tokens = texts.reduce((sum, text, i) => sum + (typeof inputs[i] === 'string' ? serverTokens(text) : (inputs[i] as number[]).length), 0);
        return send(200, {
          id: 'emb-test',
          object: 'list',
          data: texts.map((text, index) => ({ object: 'embedding', index, embedding: serverVector(body.model, text, size) })),
          model: `${body.model}-served`,
          usage: { prompt_tokens: tokens, total_tokens: tokens, completion_tokens: 0 },
        });
      }
      const gemini = /^\/v1beta\/models\/([^/:]+):batchEmbedContents$/.exec(path);
      if (req.method === 'POST' && gemini) {
        const model = gemini[1]!;
        return send(200, {
          embeddings: (body.requests as { content: { parts: { text: string }[] }; outputDimensionality?: number }[]).map((request) => {
            const size = request.outputDimensionality ?? FULL_SIZE[model] ?? 768;
            const vector = serverVector(model, request.content.parts.map((p) => p.text).join(''), FULL_SIZE[model] ?? 768).slice(0, size);
            return { values: vector };
          }),
        });
      }
      send(404, { error: { message: `no route ${req.method} ${path}`, type: 'invalid_request_error' } });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    failNext(status, message) {
      failure = { status, message };
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
