import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/** One answer the loopback model gives, in turn, to the next chat-completions request. */
export interface ScriptedAnswer {
  readonly text: string;
  readonly usage?: { readonly prompt: number; readonly completion: number };
  readonly finish?: 'stop' | 'length';
  /** Streamed answers: the text goes out in this many pieces … */
  readonly pieces?: number;
  /** … this far apart. */
  readonly pieceDelayMs?: number;
  /** A whole (not streamed) answer comes this late: a slow model, for a call cancelled while it waits or for Server-Timing. */
  readonly delayMs?: number;
  /** An error answer instead, with this HTTP status and `text` as OpenAI's error message (after delayMs). */
  readonly status?: number;
}

export interface ReceivedCompletion {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  readonly body: any;
  readonly at: number;
}

export interface ScriptedModelServer {
  /** For OPENAI_BASE_URL. */
  readonly baseUrl: string;
  readonly received: ReceivedCompletion[];
  /** Queues answers for the next requests, in order. */
  answer(...answers: ScriptedAnswer[]): void;
  /** Resolves at the next time a client hangs up on a streamed answer before its end, with that time. */
  nextHangUp(): Promise<number>;
  close(): Promise<void>;
}

const MODEL = 'gpt-4o-mini-2024-07-18';

/**
 * A loopback server speaking OpenAI's chat-completions wire format (the shape of
 * test/fixtures/providers/openai: a chat.completion object, or data-only SSE chunks with usage in a last chunk
 * and `data: [DONE]`) with answers the test scripts, so whole calls run through the real OpenAI SDK adapter.
 */
export interface ScriptedModelServerOptions {
  /** Answer GET /v1/models with these ids, as a local server (Ollama, LM Studio, llama.cpp, vLLM) lists what it serves. */
  readonly models?: readonly string[];
}

export async function startScriptedModelServer(options: ScriptedModelServerOptions = {}): Promise<ScriptedModelServer> {
  const queue: ScriptedAnswer[] = [];
  const received: ReceivedCompletion[] = [];
  const sockets = new Set<Socket>();
  let waiting: ((at: number) => void)[] = [];
  const hungUp = (at: number) => {
    for (const resolve of waiting) resolve(at);
    waiting = [];
  };

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      if (req.method === 'GET' && req.url === '/v1/models' && options.models) {
        const data = options.models.map((id) => ({ id, object: 'model', created: 1735000000, owned_by: 'library' }));
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ object: 'list', data }));
        return;
      }
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}');
      received.push({ body, at: Date.now() });
      const answer = queue.shift();
      if (req.method !== 'POST' || req.url !== '/v1/chat/completions' || !answer) {
        res
          .writeHead(500, { 'content-type': 'application/json' })
          .end(JSON.stringify({ error: { message: `no scripted answer for ${req.method} ${req.url}`, type: 'server_error' } }));
        return;
      }
      if (body.stream) void stream(res, answer, modelOf(body), () => hungUp(Date.now()));
      else {
        const send = () =>
          answer.status
            ? res
                .writeHead(answer.status, { 'content-type': 'application/json' })
                .end(JSON.stringify({ error: { message: answer.text, type: 'invalid_request_error', param: null, code: null } }))
            : res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(completion(answer, body)));
        if (answer.delayMs) setTimeout(() => res.destroyed || send(), answer.delayMs).unref();
        else send();
      }
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    received,
    answer: (...answers) => queue.push(...answers),
    nextHangUp: () => new Promise<number>((resolve) => waiting.push(resolve)),
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function usageOf(answer: ScriptedAnswer) {
  const prompt = answer.usage?.prompt ?? 100;
  const completionTokens = answer.usage?.completion ?? Math.ceil(answer.text.length / 4);
  return { prompt_tokens: prompt, completion_tokens: completionTokens, total_tokens: prompt + completionTokens };
}

function completion(answer: ScriptedAnswer, body: { model?: string }) {
  return {
    id: 'chatcmpl-scripted',
    object: 'chat.completion',
    created: 1741569952,
    model: modelOf(body),
    choices: [{ index: 0, message: { role: 'assistant', content: answer.text, refusal: null }, logprobs: null, finish_reason: answer.finish ?? 'stop' }],
    usage: usageOf(answer),
  };
}

/** The model as OpenAI names it in an answer (a dated version of the id asked for); other servers echo the id. */
function modelOf(body: { model?: string }): string {
  return body.model === 'gpt-4o-mini' ? MODEL : (body.model ?? MODEL);
}

async function stream(res: ServerResponse, answer: ScriptedAnswer, model: string, onHangUp: () => void): Promise<void> {
  let complete = false;
  res.on('close', () => complete || onHangUp());
  res.on('error', () => undefined);
  res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8' });
  const chunk = (choices: unknown[], usage: unknown = null) =>
    `data: ${JSON.stringify({ id: 'chatcmpl-scripted', object: 'chat.completion.chunk', created: 1741570283, model, choices, usage })}\n\n`;
  const count = Math.max(1, answer.pieces ?? 4);
  const size = Math.ceil(answer.text.length / count);
  res.write(chunk([{ index: 0, delta: { role: 'assistant', content: '' }, finish_reason: null }]));
  for (let i = 0; i < answer.text.length; i += size) {
    if (res.destroyed) return;
    res.write(chunk([{ index: 0, delta: { content: answer.text.slice(i, i + size) }, finish_reason: null }]));
    await new Promise((resolve) => setTimeout(resolve, answer.pieceDelayMs ?? 1));
  }
  if (res.destroyed) return;
  res.write(chunk([{ index: 0, delta: {}, finish_reason: answer.finish ?? 'stop' }]));
  res.write(chunk([], usageOf(answer)));
  res.write('data: [DONE]\n\n');
  complete = true;
  res.end();
}
