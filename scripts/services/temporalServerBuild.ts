import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { toolsDir } from './paths';
import { capture, commandExists, type Say } from './processes';

/**
 * The Temporal server and its web UI, built from their Go modules as the Go module proxy serves them (no release
 * download can be reached from here), cached under .tools/ like the CLI: built once, ~10–15 minutes on two cores.
 * The server needs a newer Go than Debian's: GOTOOLCHAIN names it and the go command fetches it from the proxy.
 */
export const TEMPORAL_SERVER = { module: 'go.temporal.io/server', version: 'v1.32.2' } as const;
export const TEMPORAL_UI = { module: 'github.com/temporalio/ui-server/v2', version: 'v2.58.1' } as const;
/** The Go release the server's go.mod asks for, fetched by the go command itself. */
export const GO_TOOLCHAIN = 'go1.27.3';
/**
 * Versions the UI's own go.mod names that the proxy here does not serve, replaced by ones it does (same major, newer):
 * the build resolves as it would upstream otherwise.
 */
const UI_PINS = ['go.temporal.io/api@v1.64.3', 'github.com/labstack/echo/v4@v4.16.4'];

export interface TemporalServerBuild {
  readonly server: string;
  readonly sqlTool: string;
  /** The server's PostgreSQL schemas (`temporal/versioned`, `visibility/versioned`), as its module ships them. */
  readonly schemaDir: string;
  /** The web UI server, or null when it could not be built (the server runs without it). */
  readonly ui: string | null;
}

const serverDir = path.join(toolsDir, 'temporal-server');
const uiDir = path.join(toolsDir, 'temporal-ui');

/** The binaries, built when missing (or of another version); progress goes to `say`. */
export async function ensureTemporalServerBuild(say: Say): Promise<TemporalServerBuild> {
  const server = path.join(serverDir, 'temporal-server');
  const sqlTool = path.join(serverDir, 'temporal-sql-tool');
  const schemaDir = path.join(serverDir, 'schema', 'postgresql', 'v12');
  if (!(versionOf(server) === TEMPORAL_SERVER.version.slice(1) && existsSync(sqlTool) && existsSync(schemaDir))) {
    if (!commandExists('go')) throw new Error('the production Temporal server is built from its Go module, and go is not installed (Debian: golang)');
    say(
      `building the Temporal server ${TEMPORAL_SERVER.version} from ${TEMPORAL_SERVER.module} with ${GO_TOOLCHAIN} (once, ~10–15 min on two cores; cached in .tools/)`,
    );
    const started = Date.now();
    const module = path.join(toolsDir, 'temporal-server-build');
    await goModule(module, 'toolgate.local/temporalserverbuild', [`${TEMPORAL_SERVER.module}/cmd/server`, `${TEMPORAL_SERVER.module}/cmd/tools/sql`], [], say);
    await go(module, ['build', '-v', '-o', server, `${TEMPORAL_SERVER.module}/cmd/server`], say);
    await go(module, ['build', '-v', '-o', sqlTool, `${TEMPORAL_SERVER.module}/cmd/tools/sql`], say);
    const cache = capture('go', ['env', 'GOMODCACHE'], { cwd: module, env: goEnv() }).out;
    cpSync(path.join(cache, `${TEMPORAL_SERVER.module}@${TEMPORAL_SERVER.version}`, 'schema', 'postgresql', 'v12'), schemaDir, { recursive: true });
    say(`Temporal server built in ${Math.round((Date.now() - started) / 1000)} s: ${server}`);
  }
  return { server, sqlTool, schemaDir, ui: await ensureUi(say) };
}

async function ensureUi(say: Say): Promise<string | null> {
  const ui = path.join(uiDir, 'temporal-ui-server');
  if (versionOf(ui) === TEMPORAL_UI.version.slice(1)) return ui;
  say(`building the Temporal web UI ${TEMPORAL_UI.version} from ${TEMPORAL_UI.module} (once, about a minute)`);
  try {
    const module = path.join(toolsDir, 'temporal-ui-build');
    await goModule(
      module,
      'toolgate.local/temporaluibuild',
      [`${TEMPORAL_UI.module}/cmd/server`],
      [`${TEMPORAL_UI.module}@${TEMPORAL_UI.version}`, ...UI_PINS],
      say,
    );
    await go(module, ['build', '-v', '-o', ui, `${TEMPORAL_UI.module}/cmd/server`], say);
    return ui;
  } catch (error) {
    say(`the web UI could not be built (${(error as Error).message}): the server runs without it`);
    return null;
  }
}

function versionOf(binary: string): string | null {
  if (!existsSync(binary)) return null;
  return /(\d+\.\d+\.\d+)/.exec(capture(binary, ['--version']).out)?.[1] ?? null;
}

function goEnv(): NodeJS.ProcessEnv {
  return { ...process.env, GOTOOLCHAIN: GO_TOOLCHAIN, GOFLAGS: '-mod=mod' };
}

/** A scratch module that imports the commands to build, its versions resolved (and pinned) by the go command. */
async function goModule(dir: string, name: string, commands: readonly string[], pins: readonly string[], say: Say): Promise<void> {
  mkdirSync(dir, { recursive: true });
  if (!existsSync(path.join(dir, 'go.mod'))) writeFileSync(path.join(dir, 'go.mod'), `module ${name}\n\ngo 1.27\n`);
  writeFileSync(path.join(dir, 'tools.go'), `//go:build tools\n\npackage tools\n\nimport (\n${commands.map((c) => `\t_ "${c}"`).join('\n')}\n)\n`);
  const wanted = pins.length ? pins : [...new Set(commands.map((c) => `${c.split('/cmd/')[0]}@${TEMPORAL_SERVER.version}`))];
  await go(dir, ['get', ...wanted], say);
  await go(dir, ['mod', 'tidy'], say);
}

/** Runs the go command, showing its progress (a line every 40 packages built or modules fetched, and each error). */
function go(dir: string, args: readonly string[], say: Say): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn('go', args, { cwd: dir, env: goEnv(), stdio: ['ignore', 'pipe', 'pipe'] });
    let lines = 0;
    const tail: string[] = [];
    const read = (chunk: Buffer) => {
      for (const line of chunk.toString().split('\n').filter(Boolean)) {
        tail.push(line);
        if (tail.length > 20) tail.shift();
        if (++lines % 40 === 0) say(`  go ${args[0]}: ${lines} packages and modules so far (${line.trim()})`);
      }
    };
    child.stdout!.on('data', read);
    child.stderr!.on('data', read);
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`go ${args.join(' ')} exited with ${code}:\n${tail.join('\n')}`))));
  });
}
