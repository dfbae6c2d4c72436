import { ApplicationFailure } from '@temporalio/activity';
import { CallErrors } from '../../schema/calls';
import type { Db } from '../../core/db/createDb';
import type { ModelRouter } from '../providers';
import { publishCallEvents, type NumberedEvent } from '../callStreams/publishCallEvents';
import type { RunTool } from '../tools/runTool';
import { agentLoopTurn, type AgentLoopTurnRequest } from './agentLoopTurn';
import { type BudgetedToolRequest, runBudgetedTool } from './budgetedTool';
import { checkPlan, type PlanKind, type Plan } from '../../core/orchestration/checkPlan';
import { type GoalTurnRequest, planGoal, type SynthesisRequest, synthesizeGoal } from './goalTurns';
import { runStep, type StepRequest } from './runStep';

export interface OrchestrationDeps {
  readonly router: ModelRouter;
  readonly runTool: RunTool;
  readonly db: Db;
}

/** Activities of the orchestrated calls (chain, pipeline, batch, workflow, agent): each step and each model turn is one. */
export function orchestrationActivities(deps: OrchestrationDeps) {
  return {
    /** Checks the steps again on the worker (an async job skips the API's check) and decides where each runs. */
    async planSteps(request: { kind: PlanKind; input: Record<string, unknown> }): Promise<Plan> {
      const checked = checkPlan(request.kind, request.input, deps.router);
      if (checked.ok) return checked.value;
      const { problem } = checked;
      throw ApplicationFailure.create({
        type: problem.kind === 'invalid' ? CallErrors.invalidInput : CallErrors.modelUnavailable,
        message: problem.message,
        nonRetryable: true,
        details: [
          {
            hint: problem.hint,
            ...(problem.settings ? { settings: problem.settings } : {}),
            ...(problem.code ? { code: problem.code } : {}),
            ...(problem.step === undefined ? {} : { step: problem.step }),
          },
        ],
      });
    },
    runStep: (request: StepRequest) => runStep(deps.runTool, request),
    runBudgetedTool: (request: BudgetedToolRequest) => runBudgetedTool(deps, request),
    // Registered as `agentTurn`: running agent loops call it by that name, so the name stays though the function's changed.
    agentTurn: (request: AgentLoopTurnRequest) => agentLoopTurn(deps.router, request),
    planGoal: (request: GoalTurnRequest) => planGoal(deps.router, request),
    synthesizeGoal: (request: SynthesisRequest) => synthesizeGoal(deps.router, request),
    publishCallEvents: (request: { callId: string; events: readonly NumberedEvent[] }) => publishCallEvents(deps.db, request),
  };
}
