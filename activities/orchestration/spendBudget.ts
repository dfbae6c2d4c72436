import type { TokenUsage } from '../../schema/events';
import { findModel, modelCost, type ModelInfo } from '../../schema/models';
import type { ToolEntry } from '../../schema/registry';
import type { ModelRouter, ProviderChoice } from '../providers';
import { autoCandidates } from '../../core/models/autoCandidates';
import { localServerCandidates } from '../../core/models/modelResolver';
import { DEFAULT_MAX_OUTPUT_TOKENS, promptFields } from '../tools/model/toolPrompt';

/**
 * The spend cap of /agent and /workflow: before any model request, the most it can cost is checked against what
 * is left of the call's price, so the models of one call never cost more than the caller pays.
 *
 * Tokens are bounded from above, not estimated: one token per UTF-8 byte (every tokenizer of the catalogue's
 * providers puts at least one byte in a token) plus framing per message; answers are bounded by max_tokens, which
 * providers enforce. The price is the dearest of the models the request could land on.
 */

/** Role markers and other framing a provider adds around each message. */
const FRAMING_TOKENS = 16;
/** What an image can count as on the providers that read them (a full-size picture on the dearest tokenizer). */
const IMAGE_TOKENS = 6_000;
/** The instructions around a tool's own prompt and schema (toolPrompt.ts), with room to spare. */
const TOOL_PROMPT_FRAME_BYTES = 600;
/** The repair request's added message (toolPrompt.ts repairRequest), with the problems listed. */
const REPAIR_TOKENS = 600;

export function tokenBound(texts: readonly string[]): number {
  return texts.reduce((sum, text) => sum + Buffer.byteLength(text, 'utf8') + FRAMING_TOKENS, FRAMING_TOKENS);
}

/** What a model's tokens cost: a catalogue model's list price, or a local server's configured one. */
export type PricedModel = Pick<ModelInfo, 'inputPerMillion' | 'outputPerMillion'>;

/** Every model a request under this choice could be answered by. */
export function candidateModels(router: ModelRouter, choice: ProviderChoice): readonly PricedModel[] {
  if (choice.kind === 'model' || choice.kind === 'server') return [choice.model];
  const configured = new Set(router.configuredProviders());
  const catalogue = autoCandidates(
    choice.need,
    (provider) => configured.has(provider),
    () => false,
  ).ready;
  return [...catalogue, ...localServerCandidates(router.localServers(), choice.need)];
}

/** The most this many tokens cost on the dearest candidate. */
export function worstCost(models: readonly PricedModel[], tokens: TokenUsage): number {
  return Math.max(0, ...models.map((model) => modelCost(model, tokens)));
}

/** The longest answer every candidate can give within the budget after reading `inputTokens` (0 when none can). */
export function affordableOutput(models: readonly PricedModel[], inputTokens: number, budgetMicros: number): number {
  const fits = models.map((m) => Math.floor((budgetMicros * 1_000_000 - inputTokens * m.inputPerMillion) / Math.max(1, m.outputPerMillion)));
  return Math.max(0, Math.min(...fits));
}

/** What a tool's answer cost at its model's price (nothing for the offline methods and the sandbox). */
export function resultCost(model: string, tokens: TokenUsage, router: ModelRouter): number {
  const info = findModel(model) ?? router.localServers().find((served) => served.id === model);
  return info ? modelCost(info, tokens) : 0;
}

/**
 * The most one run of a tool can cost, as runTool would run it: nothing offline; on a provider, its request (the
 * tool's instructions, output schema and the input), the answer up to the tool's token limit, and one repair
 * request that carries the first answer again.
 */
export function worstToolCost(entry: ToolEntry, input: Record<string, unknown>, router: ModelRouter): number {
  if (entry.model === 'none') return 0;
  const choice = router.resolve(input.model as string | undefined, { need: entry.need ?? 'fast', localCapable: entry.model === 'local-capable' });
  if (choice.kind === 'local') return 0;
  const request =
    tokenBound([entry.summary, entry.prompt ?? '', JSON.stringify(entry.output), JSON.stringify(promptFields(input), null, 2)]) +
    TOOL_PROMPT_FRAME_BYTES +
    (entry.need === 'vision' ? IMAGE_TOKENS : 0);
  const asked = typeof input.max_tokens === 'number' ? input.max_tokens : 0;
  const answer = Math.max(entry.maxOutputTokens ?? DEFAULT_MAX_OUTPUT_TOKENS, asked);
  return worstCost(candidateModels(router, choice), { input: 2 * request + answer + REPAIR_TOKENS, output: 2 * answer });
}
