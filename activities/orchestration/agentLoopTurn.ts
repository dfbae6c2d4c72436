import { byName } from '../../schema/registry';
import type { TokenUsage } from '../../schema/events';
import type { ModelRouter } from '../providers';
import { trackCallProgress } from '../tools/callProgress';
import {
  type AgentLoopDecision,
  type AgentLoopExchange,
  type AgentLoopInput,
  agentLoopMessages,
  agentLoopSystemPrompt,
  type FinalReason,
  parseAgentLoopReply,
} from './agentLoopPrompt';
import { askWithinBudget } from './modelTurn';
import { offeredStepTools } from '../../core/orchestration/toolCatalogue';

export interface AgentLoopTurnRequest {
  /** The endpoint (agent or agent/stream): what `auto` looks for comes from its registry entry. */
  readonly endpoint: string;
  readonly input: AgentLoopInput;
  readonly maxSteps: number;
  readonly transcript: readonly AgentLoopExchange[];
  /** Set when the agent must answer now. */
  readonly final?: FinalReason;
  /** What is left of the call's spend cap for this turn, in micro-USD of provider cost. */
  readonly budgetMicros: number;
}

export type AgentLoopTurn =
  | (AgentLoopDecision & { readonly raw: string; readonly model: string; readonly tokens: TokenUsage; readonly costMicros: number })
  | { readonly kind: 'over-budget' };

/** Enough for a thought and a tool's input; a final answer may be longer. */
const TURN_TOKENS = 1_024;
const FINAL_TURN_TOKENS = 2_048;
const MIN_TURN_TOKENS = 128;

/** One turn of the agent loop: the model reads the task and everything so far and chooses its next move, within budget. */
export async function agentLoopTurn(router: ModelRouter, request: AgentLoopTurnRequest): Promise<AgentLoopTurn> {
  const entry = byName.get(request.endpoint);
  const choice = router.resolve(request.input.model, { need: entry?.need ?? 'fast', localCapable: false });
  if (choice.kind === 'local') throw new Error('unreachable: agents are not served offline');
  const progress = trackCallProgress();
  try {
    const asked = await askWithinBudget(
      router,
      choice,
      {
        system: agentLoopSystemPrompt(request.input, offeredStepTools(request.input.tools), request.maxSteps),
        messages: agentLoopMessages(request.input, request.transcript, request.final),
        json: true,
      },
      { maxTokens: request.final ? FINAL_TURN_TOKENS : TURN_TOKENS, minTokens: MIN_TURN_TOKENS },
      request.budgetMicros,
      progress,
    );
    if (!asked.ok) return { kind: 'over-budget' };
    const { completion } = asked;
    return { ...parseAgentLoopReply(completion.text), raw: completion.text, model: completion.model, tokens: completion.usage, costMicros: asked.costMicros };
  } finally {
    progress.stop();
  }
}
