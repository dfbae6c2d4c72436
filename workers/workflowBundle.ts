import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { bundleWorkflowCode } from '@temporalio/worker';
import { featureNames } from '../schema/features';
import { hasFeatureModule } from '../core/featureLoader';

/**
 * The workflows' modules, loaded ONCE into the worker's reusable V8 context and shared by every workflow that runs
 * there. By default the SDK gives each new workflow a module cache of its own, so every call evaluated the workflows'
 * whole module graph again (the workflows, the SDK's public module, the schema modules with the model catalogue) before
 * its first line ran: 5–6% of the workflow thread's time under load. Preloaded modules are evaluated before any
 * workflow exists and deep-frozen, which is safe only for modules without per-workflow state at module scope: ours
 * hold constants, activity and sink proxies, query and signal definitions and pure functions, nothing a workflow
 * writes (workflowImports.unit.test.ts keeps the bundle to the workflows and pure schema modules).
 */
export function preloadedWorkflows(workflowsPath: string): { preloadModules: string[] } {
  return { preloadModules: [workflowsPath] };
}

/**
 * The modules whose exported functions are the service's workflows: workflows/index (the call's own) and, for every
 * feature of schema/features.ts that has one, workflows/<feature>/feature. From sources or from the build's JavaScript,
 * whichever `workflowsDir` holds.
 */
export function workflowModules(workflowsDir: string): string[] {
  const features = featureNames.filter((name) => hasFeatureModule(workflowsDir, name)).map((name) => path.join(workflowsDir, name, 'feature'));
  return [path.join(workflowsDir, 'index'), ...features];
}

/**
 * The modules that plug orchestrators into orchestration: workflows/<feature>/orchestrators, for every feature that has
 * one (a module of their own, not feature.ts: every feature exports the same name, which `export *` cannot carry twice).
 */
export function orchestratorModules(workflowsDir: string): string[] {
  return featureNames.filter((name) => hasFeatureModule(workflowsDir, name, 'orchestrators')).map((name) => path.join(workflowsDir, name, 'orchestrators'));
}

/**
 * The bundle's entry: every workflow module re-exported, each workflow marked with its versioning behavior
 * (workflows/versioning.ts: pinned or auto-upgrade, read by a versioned worker; a workflow type without one fails the
 * bundle), and each feature's orchestrators plugged into orchestration (workflows/orchestration/orchestrators.ts).
 */
export function bundleEntry(workflowsDir: string): string {
  const modules = workflowModules(workflowsDir);
  const plugs = orchestratorModules(workflowsDir);
  return [
    `import { applyVersioningBehaviors } from ${JSON.stringify(path.join(workflowsDir, 'versioning'))};`,
    `import { plugOrchestrators } from ${JSON.stringify(path.join(workflowsDir, 'orchestration', 'orchestrators'))};`,
    ...modules.map((module, i) => `import * as workflows${i} from ${JSON.stringify(module)};`),
    ...plugs.map((module, i) => `import * as orchestrators${i} from ${JSON.stringify(module)};`),
    ...modules.map((module) => `export * from ${JSON.stringify(module)};`),
    `applyVersioningBehaviors({ ${modules.map((_, i) => `...workflows${i}`).join(', ')} });`,
    ...plugs.map((_, i) => `plugOrchestrators(orchestrators${i});`),
    '',
  ].join('\n');
}

/**
 * The workflow bundle's code, built as every worker of the service loads it (the build, the tests, the chaos run, a
 * worker bundling at start). Its entry re-exports workflowModules(): the list of features lives in schema/, which the
 * deterministic workflows must not import (it carries the registry), so the entry is written here, beside the
 * workflows' folder so their packages resolve, and removed once bundled. A traced worker adds the tracing
 * interceptors' workflow modules (workers/tracing/workerTracing.ts).
 */
export async function bundleWorkflows(
  workflowsDir: string,
  logger: Parameters<typeof bundleWorkflowCode>[0]['logger'],
  workflowInterceptorModules?: readonly string[],
): Promise<string> {
  const dir = mkdtempSync(path.join(path.dirname(workflowsDir), '.workflow-entry-'));
  try {
    const entry = path.join(dir, 'workflows.js');
    writeFileSync(entry, bundleEntry(workflowsDir));
    const { code } = await bundleWorkflowCode({
      workflowsPath: entry,
      ...preloadedWorkflows(entry),
      ...(workflowInterceptorModules ? { workflowInterceptorModules: [...workflowInterceptorModules] } : {}),
      ...(logger ? { logger } : {}),
    });
    return code;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
