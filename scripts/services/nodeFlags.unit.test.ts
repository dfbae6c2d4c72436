import { readFileSync } from 'node:fs';
import path from 'node:path';
import { API_ALONE_NODE_FLAGS, apiNodeFlags, apiProcessEnv, EMBEDDED_API_NODE_FLAGS, WORKER_NODE_FLAGS, WORKER_PROCESS_ENV } from './nodeFlags';

const compose = readFileSync(path.resolve(__dirname, '..', '..', 'docker-compose.yml'), 'utf8');

/** The node flags of the compose command that runs `entry` (the list before the script's path). */
function composeFlags(entry: string): string[] {
  const line = compose.split('\n').find((l) => l.includes('command:') && l.includes(entry));
  if (!line) throw new Error(`docker-compose.yml runs no ${entry}`);
  const words = [...line.matchAll(/'([^']+)'/g)].map((m) => m[1]!);
  return words.slice(1, words.indexOf(entry));
}

describe('the V8 flags each process runs with', () => {
  it('are the same in docker-compose.yml as in npm start and the bench', () => {
    expect(composeFlags('dist/api/server.js')).toEqual([...API_ALONE_NODE_FLAGS]);
    expect(composeFlags('dist/workers/main.js')).toEqual([...WORKER_NODE_FLAGS]);
  });

  it("give the worker's environment in docker-compose.yml as in npm start and the bench", () => {
    const worker = compose.slice(compose.indexOf('\n  worker:\n'));
    const service = worker.slice(0, worker.indexOf('\n\n'));
    for (const [name, value] of Object.entries(WORKER_PROCESS_ENV)) expect(service).toContain(`${name}: '${value}'`);
  });

  it('give an API with its embedded worker its own (a young generation the size of its work) and the API alone the small one', () => {
    expect(apiNodeFlags(true)).toEqual([...EMBEDDED_API_NODE_FLAGS]);
    expect(apiNodeFlags(false)).toEqual([...API_ALONE_NODE_FLAGS]);
    // The embedded worker's SDK threads allocate as the standalone worker's do: the same malloc arenas.
    expect(apiProcessEnv(true)).toEqual(WORKER_PROCESS_ENV);
    expect(apiProcessEnv(false)).toEqual({});
  });
});
