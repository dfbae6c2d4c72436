import { bundleWorkflowCode } from '@temporalio/worker';

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

/** The workflow bundle's code, built as every worker of the service loads it (the build, the tests, the chaos run). */
export async function bundleWorkflows(workflowsPath: string, logger: Parameters<typeof bundleWorkflowCode>[0]['logger']): Promise<string> {
  const { code } = await bundleWorkflowCode({ workflowsPath, ...preloadedWorkflows(workflowsPath), ...(logger ? { logger } : {}) });
  return code;
}
