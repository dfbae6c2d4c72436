import { spawnSync } from 'node:child_process';
import { copyFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { bundleWorkflows } from '../workers/workflowBundle';
import { projectRoot } from './services/paths';

/**
 * Files read at run time, not compiled: the API catalogue (read when it is seeded) and the local embedding model's
 * thread (plain JavaScript, loaded by a worker thread so node-llama-cpp is imported natively).
 */
const RUNTIME_DATA = ['core/catalog/apisGuruCatalogue.json', 'activities/embeddings/localModelThread.mjs'];

const HELP = `Usage: npm run build [-- --out-dir <dir>] [-- --help]

Compiles the service to JavaScript (tsconfig.build.json: api, core, workflows, activities, workers, schema, scripts;
no tests) into dist/ (or --out-dir, inside the project so node_modules resolve), with the JSON the code imports, and
pre-bundles the workflows into <out>/workflow-bundle.js, which compiled workers load instead of bundling at start.
Types are not checked here: npm run typecheck (CI) does that. Run the result with npm run start:prod, or
node dist/api/server.js and node dist/workers/main.js.`;

function argValue(name: string): string | undefined {
  const at = process.argv.indexOf(name);
  return at === -1 ? undefined : process.argv[at + 1];
}

async function main(): Promise<void> {
  if (process.argv.includes('--help') || process.argv.includes('-h')) {
    console.log(HELP);
    return;
  }
  const outDir = path.resolve(projectRoot, argValue('--out-dir') ?? 'dist');
  rmSync(outDir, { recursive: true, force: true });

  const tsc = path.join(projectRoot, 'node_modules', 'typescript', 'bin', 'tsc');
  const compiled = spawnSync(process.execPath, [tsc, '-p', path.join(projectRoot, 'tsconfig.build.json'), '--outDir', outDir, '--noCheck'], {
    cwd: projectRoot,
    stdio: 'inherit',
  });
  if (compiled.status !== 0) throw new Error(`tsc exited with ${compiled.status ?? compiled.signal}`);

  // Data the code reads from disk rather than imports (tsc copies only imported JSON).
  for (const file of RUNTIME_DATA) copyFileSync(path.join(projectRoot, file), path.join(outDir, file));

  // Bundled from the compiled JavaScript: the workflows that run are the ones that were built.
  const code = await bundleWorkflows(path.join(outDir, 'workflows'), {
    info() {},
    warn: console.warn,
    error: console.error,
    debug() {},
    trace() {},
    log() {},
  });
  const bundle = path.join(outDir, 'workflow-bundle.js');
  writeFileSync(bundle, code);
  console.log(`built ${path.relative(projectRoot, outDir)}/ (workflow bundle ${(statSync(bundle).size / 1024).toFixed(0)} KiB)`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
