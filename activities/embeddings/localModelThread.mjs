// The local embedding model's own thread: node-llama-cpp is an ES module with a native addon, loaded here natively
// (whatever module system the worker runs under: tsx, compiled CommonJS, jest's sandbox), and its tokenizing and
// pooling stay off the worker's event loop. One model, one embedding context: llama.cpp evaluates one input at a time
// (node-llama-cpp locks the context), so requests queue here. Messages: {id, inputs, windowTokens, truncate} in;
// {id, vectors, tokens} or {id, error} out. See localEmbeddingModel.ts for the other side.
import process from 'node:process';
import { parentPort, workerData } from 'node:worker_threads';

const { modelPath, threads } = workerData;

const loaded = (async () => {
  const { getLlama } = await import('node-llama-cpp');
  // The CPU build only (the GPU ones are not installed), never a source build at run time.
  const llama = await getLlama({ gpu: false, build: 'never', logLevel: 'error', vramPadding: 0 });
  const model = await llama.loadModel({ modelPath, useMmap: true });
  const context = await model.createEmbeddingContext({ contextSize: model.trainContextSize, threads });
  return { llama, model, context, cls: model.tokens.bos, sep: model.tokens.sep, vocabulary: model.fileInfo.metadata.tokenizer.ggml.tokens.length };
})();

class InputProblem extends Error {
  constructor(kind, message, index) {
    super(message);
    this.kind = kind;
    this.index = index;
  }
}

/** An input's tokens between [CLS] and [SEP], within the model's window (cut when truncating, refused otherwise). */
function tokensOf(state, input, index, windowTokens, truncate) {
  let tokens;
  if (typeof input === 'string') {
    tokens = state.model.tokenize(input);
  } else {
    const bad = input.find((id) => !Number.isInteger(id) || id < 0 || id >= state.vocabulary);
    if (bad !== undefined) throw new InputProblem('bad-token', `token ${bad} is not in the model's vocabulary (0 to ${state.vocabulary - 1})`, index);
    tokens = input;
  }
  const room = windowTokens - 2;
  if (tokens.length > room) {
    if (!truncate) throw new InputProblem('too-long', `input ${index} has ${tokens.length} tokens; the model reads at most ${room}`, index);
    tokens = tokens.slice(0, room);
  }
  return tokens;
}

/** Requests under way (each one's end), and those whose caller stopped waiting ({cancel: id}): dropped at their next text. */
const running = new Map();
const cancelled = new Set();
let closing = false;

async function embed({ id, inputs, windowTokens, truncate }) {
  const state = await loaded;
  const vectors = [];
  const tokens = [];
  const prepared = inputs.map((input, index) => tokensOf(state, input, index, windowTokens, truncate));
  for (const text of prepared) {
    if (cancelled.has(id)) throw new InputProblem('cancelled', `request ${id} was cancelled`);
    const embedding = await state.context.getEmbeddingFor([state.cls, ...text, state.sep]);
    const vector = Float32Array.from(embedding.vector);
    // sentence-transformers' Normalize module: unit length, so a dot product is the cosine.
    let norm = 0;
    for (const x of vector) norm += x * x;
    norm = Math.sqrt(norm) || 1;
    for (let i = 0; i < vector.length; i++) vector[i] /= norm;
    vectors.push(vector);
    tokens.push(text.length);
  }
  return { vectors, tokens };
}

/**
 * {close: true}: the requests under way are dropped, and llama.cpp's context, model and backend are freed before the
 * thread ends: a thread ended by terminate() while they were alive never ended, and held its process's exit with it.
 */
async function close() {
  closing = true;
  for (const id of running.keys()) cancelled.add(id);
  // Freed only once no text is being evaluated: disposing the context under an evaluation crashed the process
  // (SIGSEGV) or left the dispose waiting for ever on the evaluation's hold on the context. Each request stops at
  // its next text, so this waits one text at most.
  await Promise.allSettled(running.values());
  const state = await loaded.catch(() => null);
  await state?.context.dispose();
  await state?.model.dispose();
  await state?.llama.dispose();
  process.exit(0);
}

parentPort.on('message', (request) => {
  if (request.close) return void close();
  if (request.cancel !== undefined) return void (running.has(request.cancel) && cancelled.add(request.cancel));
  const ended = closing ? Promise.reject(new InputProblem('cancelled', 'the model is closing')) : embed(request);
  running.set(request.id, ended);
  ended
    .finally(() => {
      running.delete(request.id);
      cancelled.delete(request.id);
    })
    .then(
      ({ vectors, tokens }) =>
        parentPort.postMessage(
          { id: request.id, vectors, tokens },
          vectors.map((v) => v.buffer),
        ),
      (error) =>
        parentPort.postMessage({
          id: request.id,
          error: { kind: error.kind ?? 'failed', message: error.message ?? String(error), ...(error.index === undefined ? {} : { index: error.index }) },
        }),
    );
});
