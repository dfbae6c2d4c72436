import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { workflowModules as bundledModules } from '../workers/workflowBundle';

const root = path.resolve(__dirname, '..');

/** Every module a fresh Node process holds after loading the workflows, as the bundler would see them (types erased). */
function workflowModules(): string[] {
  // The modules the bundle's entry re-exports (workflows/index and each feature's workflows).
  const script = `for (const m of ${JSON.stringify(bundledModules(__dirname))}) require(m); process.stdout.write(JSON.stringify(Object.keys(require.cache)))`;
  const out = execFileSync(process.execPath, ['--import', 'tsx', '-e', script], { cwd: root, encoding: 'utf8', maxBuffer: 64 << 20 });
  return (JSON.parse(out) as string[]).map((file) => path.relative(root, file));
}

function packageOf(file: string): string | null {
  const at = file.lastIndexOf('node_modules/');
  if (at < 0) return null;
  const [scope, name] = file.slice(at + 'node_modules/'.length).split('/');
  return scope!.startsWith('@') ? `${scope}/${name}` : scope!;
}

// The registry (its JSON Schemas), configuration and provider settings reach workflows as types only.
const FORBIDDEN = ['schema/registry/', 'schema/config.ts', 'schema/models/index.ts', 'schema/models/providers.ts', 'activities/', 'core/', 'api/', 'workers/'];
// The workflow SDK and what it needs; tsx and esbuild are this test's loader.
const PACKAGES = ['@temporalio/workflow', '@temporalio/common', 'nexus-rpc', 'long', 'ms', 'tsx', 'esbuild'];

describe('the workflow bundle', () => {
  it('holds the workflows and pure schema modules only: no registry, configuration, activities or core', () => {
    const modules = workflowModules();
    const ours = modules.filter((file) => !file.includes('node_modules'));
    expect(ours).toContain('workflows/toolCall.ts');
    expect(ours.filter((file) => FORBIDDEN.some((prefix) => file.startsWith(prefix)))).toEqual([]);
    expect(ours.filter((file) => !file.startsWith('workflows/') && !file.startsWith('schema/'))).toEqual([]);
    const packages = [...new Set(modules.map(packageOf).filter((name): name is string => name !== null))];
    expect(packages.filter((name) => !PACKAGES.includes(name))).toEqual([]);
  });
});
