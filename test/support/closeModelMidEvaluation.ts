// Run as its own process by embedder.int.test.ts (a crash inside jest's sandbox did not show): rounds of a fresh
// local model with three requests under way, cancelled and closed at a moment spread over the rounds. Prints one
// line per round and `closed <n> rounds` at the end; a crash ends the process with its signal instead, and a model
// thread left alive keeps it from exiting.
import { loadConfig } from '../../core/config/loadConfig';
import { localEmbeddingModelPath } from '../../schema/models';
import { closeLocalModels, createLocalEmbeddingModel } from '../../activities/embeddings';

const ROUNDS = Number(process.argv[2] ?? 30);

async function main(): Promise<void> {
  // The model's thread is unref'd (it must not hold a worker open): this process is held open by its rounds.
  const alive = setInterval(() => undefined, 1_000);
  const modelPath = localEmbeddingModelPath(loadConfig({ ...process.env, APP_ENV: 'test' }));
  const texts = Array.from({ length: 32 }, (_, i) => `review ${i}: the delivery was late but the support team refunded the shipping`);
  for (let round = 0; round < ROUNDS; round++) {
    const model = createLocalEmbeddingModel({ modelPath, threads: 1 });
    await model.embed({ inputs: ['warm'], windowTokens: 256, truncate: true });
    const stopping = new AbortController();
    const underWay = [0, 1, 2].map(() =>
      model.embed({ inputs: texts, windowTokens: 256, truncate: true }, stopping.signal).then(
        () => 'answered',
        (error: Error) => error.message,
      ),
    );
    // The close lands before, during and between the texts of the first request, round by round.
    await new Promise((resolve) => setTimeout(resolve, (round * 10) % 300));
    stopping.abort(new Error('worker stopping'));
    await model.close();
    console.log(JSON.stringify({ round, started: model.started, outcomes: await Promise.all(underWay) }));
  }
  console.log(`closed ${ROUNDS} rounds`);
  // One more left loaded, as a process that ends in a hurry leaves it: closeLocalModels frees it, so process.exit
  // below ends the process (a live llama.cpp thread held process.exit for minutes).
  const leftOpen = createLocalEmbeddingModel({ modelPath, threads: 1 });
  await leftOpen.embed({ inputs: ['left open'], windowTokens: 256, truncate: true });
  await closeLocalModels();
  clearInterval(alive);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
