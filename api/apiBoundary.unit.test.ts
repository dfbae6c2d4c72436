import { execFileSync, spawnSync } from 'node:child_process';
import path from 'node:path';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const boundary = require('./apiBoundary.cjs') as { folders: string[]; packages: string[] };
const root = path.resolve(__dirname, '..');

/** Every module a fresh Node process holds after loading `entry`, as paths relative to the project. */
function moduleGraph(entry: string): string[] {
  const script = `require(${JSON.stringify(entry)}); process.stdout.write(JSON.stringify(Object.keys(require.cache)))`;
  const out = execFileSync(process.execPath, ['--import', 'tsx', '-e', script], { cwd: root, encoding: 'utf8', maxBuffer: 64 << 20 });
  return (JSON.parse(out) as string[]).map((file) => path.relative(root, file));
}

function packageOf(file: string): string | null {
  const at = file.lastIndexOf('node_modules/');
  if (at < 0) return null;
  const [scope, name] = file.slice(at + 'node_modules/'.length).split('/');
  return scope!.startsWith('@') ? `${scope}/${name}` : scope!;
}

const forbiddenPackage = (name: string) =>
  boundary.packages.some((pattern) => (pattern.endsWith('*') ? name.startsWith(pattern.slice(0, -1)) : name === pattern));

describe('the thin API', () => {
  it('loads no tool implementation, worker wiring, NLP library or model-provider SDK', () => {
    const graph = moduleGraph('./api/app.ts');
    const ours = graph.filter((file) => !file.includes('node_modules'));
    expect(ours).toContain('api/app.ts');
    expect(ours.filter((file) => boundary.folders.some((folder) => file.startsWith(`${folder}/`)))).toEqual([]);
    const packages = [...new Set(graph.map(packageOf).filter((name): name is string => name !== null))];
    expect(packages).toContain('koa');
    expect(packages.filter(forbiddenPackage)).toEqual([]);
  });

  it('refuses, at lint time, an API file that imports a tool or a provider SDK', () => {
    // Linted as if it were api/app.ts: the rules are type-aware and only know the project's own files.
    const probe = [
      "import { createActivities } from '../activities/createActivities';",
      "import OpenAI from 'openai';",
      'export const probe = [createActivities, OpenAI];',
    ].join('\n');
    const lint = spawnSync(
      process.execPath,
      [path.join(root, 'node_modules', 'eslint', 'bin', 'eslint.js'), '--stdin', '--stdin-filename', 'api/app.ts', '--format', 'json'],
      {
        cwd: root,
        input: probe,
        encoding: 'utf8',
      },
    );
    const [report] = JSON.parse(lint.stdout) as { messages: { ruleId: string; message: string }[] }[];
    const refused = report!.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
    expect(refused).toEqual([expect.stringContaining('../activities/createActivities'), expect.stringContaining("'openai'")]);
  });
});
