import type { ToolEntry } from '../../schema/registry';
import type { ChatMessage } from '../providers';
import { parseJsonAnswer } from '../tools/model/parseJsonAnswer';
import { describeTools } from '../../core/orchestration/toolCatalogue';
import type { orchestrationTools } from '../../schema/orchestration/orchestrationTools';
import type { ToolArguments } from '../../schema/registry/toolInput';

/** One move of the agent and what came of it, as the model reads them back. */
export interface AgentLoopExchange {
  /** The model's reply as it wrote it. */
  readonly reply: string;
  /** What the service answered: the tool's result or error, or why the reply could not be used. */
  readonly observation: string;
}

/** The input of /agent, derived from its registry entry (schema/orchestration/orchestrationTools.ts). */
export type AgentLoopInput = ToolArguments<typeof orchestrationTools, 'agent'>;

export type AgentLoopDecision =
  | { readonly kind: 'tool'; readonly thought: string; readonly tool: string; readonly input: Record<string, unknown> }
  | { readonly kind: 'answer'; readonly thought: string; readonly answer: string }
  | { readonly kind: 'invalid'; readonly problem: string };

/** Why the agent must answer now. */
export type FinalReason = 'max_steps' | 'budget';

/** A long reply is cut when it is read back: the model needs its gist, and every later turn pays for it. */
const REPLY_READBACK_CHARS = 4_000;

/** The agent's instructions: the caller's persona, the tools with their inputs, and the one JSON reply format. */
export function agentLoopSystemPrompt(input: AgentLoopInput, tools: readonly ToolEntry[], maxSteps: number): string {
  return [
    'You are an agent working on a task for a caller with the tools of this API. You act one tool call at a time and see each result before you decide the next move.',
    input.system ?? '',
    `Tools (name: what it does. Input fields; * marks a required one):\n${describeTools(tools)}`,
    [
      'Reply to every message with exactly one JSON object and nothing else: no prose, no markdown, no code fence.',
      '- To call a tool: {"thought": "why this step, in a sentence", "tool": "<tool name>", "input": {<the tool’s input fields>}}',
      '- To finish: {"thought": "why you can answer now", "answer": "<your answer to the task>"}',
      `You may call at most ${maxSteps} tools; use the fewest that answer the task well. In an input string, {{prev_result}} or {{prev_result.field}} stands for the previous tool's result.`,
    ].join('\n'),
  ]
    .filter(Boolean)
    .join('\n\n');
}

/** The conversation so far: the task, then each reply and what it led to; a final turn asks for the answer. */
export function agentLoopMessages(input: AgentLoopInput, transcript: readonly AgentLoopExchange[], final: FinalReason | undefined): ChatMessage[] {
  const task = input.context ? `Task:\n${input.task}\n\nContext:\n${input.context}` : `Task:\n${input.task}`;
  const messages: { role: 'user' | 'assistant'; content: string }[] = [{ role: 'user', content: task }];
  for (const exchange of transcript) {
    messages.push({ role: 'assistant', content: exchange.reply.slice(0, REPLY_READBACK_CHARS) || '(empty reply)' });
    messages.push({ role: 'user', content: exchange.observation });
  }
  if (final) {
    const why = final === 'budget' ? 'The spend cap of this call allows no more tool calls.' : 'You have no tool calls left.';
    const last = messages.at(-1)!;
    last.content = `${last.content}\n\n${why} Answer the task now from what you found, with {"thought": "…", "answer": "…"}.`;
  }
  return messages;
}

/** The model's reply read as a move: a tool call, an answer, or a reply that cannot be used (and why). */
export function parseAgentLoopReply(text: string): AgentLoopDecision {
  const parsed = parseJsonAnswer(text);
  if (!parsed.ok) return { kind: 'invalid', problem: parsed.problem };
  const reply = parsed.value;
  const thought = typeof reply.thought === 'string' ? reply.thought : '';
  const answer = reply.answer ?? reply.final_answer;
  if (answer !== undefined && answer !== null && answer !== '') {
    return { kind: 'answer', thought, answer: typeof answer === 'string' ? answer : JSON.stringify(answer) };
  }
  if (typeof reply.tool === 'string' && reply.tool.trim()) {
    const input = reply.input ?? reply.params ?? reply.arguments ?? {};
    if (input === null || typeof input !== 'object' || Array.isArray(input))
      return { kind: 'invalid', problem: '"input" must be a JSON object of the tool’s fields' };
    return { kind: 'tool', thought, tool: reply.tool.trim(), input: input as Record<string, unknown> };
  }
  return { kind: 'invalid', problem: 'the reply names neither a "tool" to call nor an "answer"' };
}
