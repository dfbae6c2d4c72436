import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { ApplicationFailure } from '@temporalio/common';
import { CallErrors } from '../../schema/calls';
import { invalidInput } from '../../core/calls/callFailures';

export interface LocalEmbeddingRequest {
  /** Texts, or token arrays of the model's own vocabulary. */
  readonly inputs: readonly (string | readonly number[])[];
  /** The model's window in tokens, [CLS] and [SEP] included. */
  readonly windowTokens: number;
  /** Cut an input longer than the window (what sentence-transformers does) instead of refusing it. */
  readonly truncate: boolean;
}

export interface LocalEmbeddings {
  /** Unit-length vectors, one per input, in order. */
  readonly vectors: Float32Array[];
  /** Tokens of each input that the model read ([CLS] and [SEP] not counted). */
  readonly tokens: number[];
}

/** The local embedding model of one worker process: loaded once, on first use, in a thread of its own. */
export interface LocalEmbeddingModel {
  embed(request: LocalEmbeddingRequest, signal?: AbortSignal): Promise<LocalEmbeddings>;
  /** Whether the thread has been started (the model is loaded in it, or loading). */
  readonly started: boolean;
  close(): Promise<void>;
}

type Reply = { id: number; vectors: Float32Array[]; tokens: number[] } | { id: number; error: { kind: string; message: string; index?: number } };

/** How long closing waits for the thread to free the model and end before it is terminated. */
const CLOSE_BOUND_MS = 5_000;

/**
 * Every model of this process whose thread is running: a live llama.cpp thread holds the process's exit (process.exit
 * included, for minutes), so whatever ends the process closes them first (closeLocalModels).
 */
const running = new Set<LocalEmbeddingModel>();

/** Closes every local model of this process (each bounded by CLOSE_BOUND_MS): before a forced exit, after a test file. */
export async function closeLocalModels(): Promise<void> {
  await Promise.all([...running].map((model) => model.close()));
}

/** The thread's script sits beside this file in the sources and in dist/ (scripts/build.ts copies it). */
const THREAD_SCRIPT = path.join(__dirname, 'localModelThread.mjs');

/**
 * Runs all-MiniLM-L6-v2 (GGUF, through node-llama-cpp) for this worker. The thread starts on the first request and
 * keeps the model; requests are answered in turn (one context). A model that cannot load (the file missing or broken)
 * fails the request with ToolUnavailable (503, naming how to install it), and the next request starts afresh.
 */
export function createLocalEmbeddingModel(options: { modelPath: string; threads: number }): LocalEmbeddingModel {
  let worker: Worker | undefined;
  let nextId = 1;
  const pending = new Map<number, { resolve: (reply: Reply) => void; reject: (error: Error) => void }>();
  // One core is left to the worker's own work: llama.cpp's threads spin while they wait for each other, and on a busy
  // two-core machine two of them took 10x longer per text than one (86-952 ms against 59-72 ms p50, bench runs).
  const threads = options.threads > 0 ? options.threads : Math.max(1, Math.min(4, availableParallelism() - 1));

  const start = (): Worker => {
    if (worker) return worker;
    running.add(model);
    const thread = new Worker(THREAD_SCRIPT, { workerData: { modelPath: options.modelPath, threads } });
    // The thread must not keep a worker process (or a test run) alive on its own.
    thread.unref();
    thread.on('message', (reply: Reply) => {
      const waiting = pending.get(reply.id);
      pending.delete(reply.id);
      waiting?.resolve(reply);
    });
    const fail = (error: Error) => {
      if (worker === thread) {
        worker = undefined;
        running.delete(model);
      }
      for (const waiting of pending.values()) waiting.reject(error);
      pending.clear();
    };
    thread.on('error', fail);
    thread.on('exit', (code) => fail(new Error(`the local embedding model's thread exited (${code})`)));
    return (worker = thread);
  };

  const model: LocalEmbeddingModel = {
    get started() {
      return worker !== undefined;
    },
    async embed(request, signal) {
      // Texts embedded before (category names, glosses, skill descriptions, a repeated query) are not evaluated again.
      const known = request.inputs.map((input) => (typeof input === 'string' ? remembered.get(cacheKey(request, input)) : undefined));
      if (known.every((entry) => entry !== undefined)) return fromCache(known);
      const missing = request.inputs.filter((_, index) => known[index] === undefined);
      const fresh = await evaluate({ ...request, inputs: missing }, signal);
      let next = 0;
      const vectors: Float32Array[] = [];
      const tokens: number[] = [];
      request.inputs.forEach((input, index) => {
        const cached = known[index];
        if (cached) {
          vectors.push(Float32Array.from(cached.vector));
          tokens.push(cached.tokens);
          return;
        }
        const vector = fresh.vectors[next]!;
        const count = fresh.tokens[next]!;
        next++;
        if (typeof input === 'string') remember(cacheKey(request, input), { vector: Float32Array.from(vector), tokens: count });
        vectors.push(vector);
        tokens.push(count);
      });
      return { vectors, tokens };
    },
    async close() {
      return closeThread();
    },
  };

  /** The texts' vectors lately made, most recent last (a Map keeps insertion order): at most CACHED_TEXTS. */
  const remembered = new Map<string, CachedVector>();
  const remember = (key: string, entry: CachedVector) => {
    remembered.delete(key);
    remembered.set(key, entry);
    if (remembered.size > CACHED_TEXTS) remembered.delete(remembered.keys().next().value!);
  };

  async function evaluate(request: LocalEmbeddingRequest, signal?: AbortSignal): Promise<LocalEmbeddings> {
    signal?.throwIfAborted();
    if (!existsSync(options.modelPath)) throw notInstalled(options.modelPath);
    const thread = start();
    const id = nextId++;
    const reply = await new Promise<Reply>((resolve, reject) => {
      // Cancelled while queued or running (a worker shutting down cancels its activities): the thread drops the
      // request at its next text, and the caller stops waiting now rather than after every request queued before it.
      const onAbort = () => {
        pending.delete(id);
        thread.postMessage({ cancel: id });
        reject(signal!.reason as Error);
      };
      const settled = () => signal?.removeEventListener('abort', onAbort);
      pending.set(id, {
        resolve(answer) {
          settled();
          resolve(answer);
        },
        reject(error) {
          settled();
          reject(error);
        },
      });
      signal?.addEventListener('abort', onAbort, { once: true });
      thread.postMessage({ id, inputs: request.inputs, windowTokens: request.windowTokens, truncate: request.truncate });
    });
    if ('vectors' in reply) return { vectors: reply.vectors, tokens: reply.tokens };
    const { kind, message } = reply.error;
    if (kind === 'too-long' || kind === 'bad-token') throw invalidInput(message, 'Shorten the input (or split it), or use a model with a longer window.');
    // Anything else is the model or its runtime: a fresh thread gets the next request.
    await closeThread();
    throw ApplicationFailure.create({
      type: CallErrors.toolUnavailable,
      message: `the local embedding model failed: ${message}`,
      nonRetryable: true,
      details: [{ hint: `The model file is ${options.modelPath}: npm start (or npm run embedding-model) installs it again.` }],
    });
  }

  async function closeThread(): Promise<void> {
    const thread = worker;
    worker = undefined;
    running.delete(model);
    if (!thread) return;
    // Asked to free llama.cpp and end itself (localModelThread.mjs): terminate() alone left it running for good.
    // It waits for the text being evaluated (tens of ms); should it not end in CLOSE_BOUND_MS, it is terminated, so
    // a worker's stop is never held by it.
    const ended = once(thread, 'exit');
    thread.postMessage({ close: true });
    let bound: NodeJS.Timeout | undefined;
    const late = new Promise<'late'>((resolve) => (bound = setTimeout(() => resolve('late'), CLOSE_BOUND_MS)));
    const outcome = await Promise.race([ended, late]);
    clearTimeout(bound);
    if (outcome === 'late') await thread.terminate();
  }
  return model;
}

/** How many texts' vectors a worker keeps (each 384 floats: about 1.6 kB, so ~3 MB in all). */
const CACHED_TEXTS = 2048;

interface CachedVector {
  readonly vector: Float32Array;
  readonly tokens: number;
}

/** A text's vector depends on the text and on how it is cut to the window. */
function cacheKey(request: LocalEmbeddingRequest, text: string): string {
  return `${request.windowTokens}:${request.truncate ? 1 : 0}:${text}`;
}

/** Copies, so a caller that cuts or scales its vectors does not change those kept. */
function fromCache(entries: readonly (CachedVector | undefined)[]): LocalEmbeddings {
  return { vectors: entries.map((entry) => Float32Array.from(entry!.vector)), tokens: entries.map((entry) => entry!.tokens) };
}

function notInstalled(modelPath: string): ApplicationFailure {
  return ApplicationFailure.create({
    type: CallErrors.toolUnavailable,
    message: `the local embedding model is not installed on this worker (${modelPath} is missing)`,
    nonRetryable: true,
    details: [{ hint: 'npm start installs it (or npm run embedding-model), or set LOCAL_EMBEDDING_MODEL_PATH to a GGUF file of all-MiniLM-L6-v2.' }],
  });
}
