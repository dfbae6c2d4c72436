import type { AgentLoopExchange, AgentLoopInput, FinalReason } from '../../activities/orchestration/agentLoopPrompt';
import type { AgentLoopTurn } from '../../activities/orchestration/agentLoopTurn';
import type { BudgetedToolOutcome } from '../../activities/orchestration/budgetedTool';
import type { ToolCallRequest } from '../../schema/calls';
import type { TokenUsage } from '../../schema/events';
import { addTokens, billedModel } from '../../schema/orchestration/billedModel';
import { eventPublisher } from './eventPublisher';
import type { OrchestrationRun } from './orchestrationRun';
import { queued, streamed } from './proxies';
import { stepFailure } from './stepFailure';
import { recordOf, runToolStep, type ToolStepRecord } from './toolStep';

/** Held back for the answer while the agent works, in percent of its spend cap. */
const ANSWER_RESERVE_PERCENT = 20;
/** Replies that could not be used, allowed beyond one turn per tool call. */
const SPARE_TURNS = 2;
/** What the model reads of a tool's result: enough to go on, and every later turn pays for it again. */
const OBSERVATION_CHARS = 4_000;

type StoppedBy = 'answer' | FinalReason;

/**
 * /agent and /agent/stream: the model chooses a tool and its input as JSON each turn, the service checks and runs
 * it, and the model reads the result, until it answers. Each model turn and each tool run is an activity, so a
 * worker lost mid-run is replaced and the loop goes on from the last finished one. Caps: at most `max_steps` tool
 * calls (then the answer is asked for), and never more spent on models than `budgetMicros` (the call's price):
 * every request is checked against what is left before it is sent, with a share kept back for the answer.
 */
export async function runAgentLoop(request: ToolCallRequest, budgetMicros: number): Promise<OrchestrationRun> {
  const started = Date.now();
  // Checked against the entry's schema before the workflow started (prepareCall, runStep).
  const input = request.input as AgentLoopInput;
  const maxSteps = input.max_steps ?? 5;
  const activities = request.stream ? streamed : queued;
  const publish = eventPublisher(request);
  const reserve = Math.floor((budgetMicros * ANSWER_RESERVE_PERCENT) / 100);

  const transcript: AgentLoopExchange[] = [];
  const steps: ToolStepRecord[] = [];
  const models: string[] = [];
  let tokens: TokenUsage = { input: 0, output: 0 };
  let spent = 0;
  let turns = 0;
  let previous: Record<string, unknown> | undefined;
  let final: FinalReason | undefined;
  let answer: string | undefined;
  let stoppedBy: StoppedBy;

  for (;;) {
    if (!final && (steps.length >= maxSteps || turns >= maxSteps + SPARE_TURNS)) final = 'max_steps';
    let turn: AgentLoopTurn;
    try {
      turn = await activities.agentTurn({
        endpoint: request.tool,
        input,
        maxSteps,
        transcript,
        ...(final ? { final } : {}),
        budgetMicros: budgetMicros - spent - (final ? 0 : reserve),
      });
    } catch (error) {
      throw stepFailure(error, `agent turn ${turns + 1}`);
    }
    if (turn.kind === 'over-budget') {
      if (final) {
        stoppedBy = 'budget';
        break;
      }
      final = 'budget';
      continue;
    }
    turns++;
    spent += turn.costMicros;
    tokens = addTokens(tokens, turn.tokens);
    models.push(turn.model);
    if (turn.kind !== 'invalid' && turn.thought) await publish({ event: 'thought', data: { step: steps.length + 1, text: turn.thought } });
    if (turn.kind === 'answer') {
      answer = turn.answer;
      stoppedBy = final ?? 'answer';
      break;
    }
    if (final) {
      // Asked for the answer, the model chose a tool again (or replied unusably): the caps stand.
      stoppedBy = final;
      break;
    }
    if (turn.kind === 'invalid') {
      transcript.push({ reply: turn.raw, observation: `Your reply could not be used: ${turn.problem}. Reply with one JSON object as described.` });
      continue;
    }

    const step = steps.length + 1;
    await publish({ event: 'tool_call', data: { step, tool: turn.tool, input: turn.input } });
    const outcome = await runToolStep(activities, {
      callId: request.callId,
      payer: request.payer,
      step,
      tool: turn.tool,
      input: turn.input,
      ...(input.tools ? { allowed: input.tools } : {}),
      ...(previous ? { previous } : {}),
      budgetMicros: budgetMicros - spent - reserve,
    });
    spent += outcome.costMicros;
    const record = recordOf(step, turn.tool, turn.input, outcome, { thought: turn.thought });
    steps.push(record);
    if (outcome.ok) {
      previous = outcome.output;
      tokens = addTokens(tokens, outcome.tokens);
      models.push(outcome.model);
    }
    await publish({ event: 'tool_result', data: resultEvent(record) });
    transcript.push({ reply: turn.raw, observation: observation(record, outcome, maxSteps - steps.length) });
    if (!outcome.ok && outcome.reason === 'budget') final = 'budget';
  }

  answer ??= fallbackAnswer(stoppedBy, steps);
  await publish({ event: 'final', data: { answer, stopped_by: stoppedBy, total_steps: steps.length } });
  return {
    output: { task: input.task, answer, stopped_by: stoppedBy, steps, total_steps: steps.length, turns, model: models[0] ?? '' },
    model: billedModel(models),
    tokens,
    durationMs: Date.now() - started,
  };
}

function observation(record: ToolStepRecord, outcome: BudgetedToolOutcome, left: number): string {
  const what = outcome.ok
    ? `Result of ${record.tool} (step ${record.step}):\n${JSON.stringify(outcome.output).slice(0, OBSERVATION_CHARS)}`
    : `${record.tool} (step ${record.step}) ${outcome.reason === 'invalid' ? 'was refused' : outcome.reason === 'budget' ? 'was not run' : 'failed'}: ${outcome.error}`;
  return `${what}\n(${left} tool call${left === 1 ? '' : 's'} left)`;
}

function resultEvent(record: ToolStepRecord): Record<string, unknown> {
  const { step, tool, ok, result, error, model, time_ms } = record;
  return ok ? { step, tool, ok, result, model, time_ms } : { step, tool, ok, error };
}

function fallbackAnswer(stoppedBy: StoppedBy, steps: readonly ToolStepRecord[]): string {
  const why = stoppedBy === 'budget' ? 'its spend cap was reached' : 'it reached its step cap';
  return `The agent stopped before answering: ${why}. ${steps.length ? `The results of its ${steps.length} tool call(s) are in \`steps\`.` : 'It made no tool calls.'}`;
}
