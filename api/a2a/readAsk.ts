import { closest } from '../../core/validation/closest';
import type { A2AMessageJson } from '../../schema/a2a/a2aEvents';
import { DEFAULT_SKILL, SKILL_FIELD, X402_METADATA } from '../../schema/a2a/protocol';
import { isA2aSkill, textFieldOf } from '../../core/a2a/a2aSkills';
import { byName, registry, type WorkflowToolEntry } from '../../schema/registry';
import { BadRequest } from '../errors/httpErrors';
import { validToolInput } from '../validation/runnableTool';

/** Which endpoint a message came by: the service's (any skill) or a custom agent's own (its run only). */
export type A2AEndpoint = { readonly kind: 'service' } | { readonly kind: 'agent'; readonly agentId: string };

/** What a message asks: the tool (its skill) and that tool's input, checked as its own route checks it. */
export interface Ask {
  readonly entry: WorkflowToolEntry;
  readonly input: Record<string, unknown>;
}

const CUSTOM_AGENT_RUN = 'agents/custom/run';
type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Reads a message as a tool call. The skill is named by `metadata.skill` (the message's, or the request's), or by a data
 * part's `skill`; a message naming none runs DEFAULT_SKILL (the agent loop). The input is the data parts' `input` (or
 * the data part itself, `skill` aside), and the text parts fill the skill's text field (`text`, `task` …) when the data
 * left it out. A custom agent's endpoint runs that agent: its text is the task. File parts are not read.
 */
export function readAsk(endpoint: A2AEndpoint, message: A2AMessageJson, requestMetadata: unknown, docs: string): Ask {
  const parts = Array.isArray(message.parts) ? (message.parts as Json[]) : [];
  if (parts.length === 0) throw new BadRequest('message: it has no parts', 'Send the task as a text part, or the input as a data part.', docs);
  if (parts.some((part) => 'url' in part || 'raw' in part)) {
    throw new BadRequest('message: file parts are not read', 'Send text parts, or a data part with the input (a file by its address, e.g. {"url": …}).', docs);
  }
  let named = skillIn(message.metadata) ?? skillIn(requestMetadata);
  const input: Json = {};
  for (const part of parts.filter((p) => 'data' in p)) {
    if (!isObject(part.data)) throw new BadRequest('message: a data part must hold a JSON object', 'Send {"skill": "summarize", "input": {…}}.', docs);
    const { [SKILL_FIELD]: skill, input: nested, ...rest } = part.data;
    if (typeof skill === 'string') named ??= skill;
    Object.assign(input, isObject(nested) ? nested : rest);
  }
  const entry = endpoint.kind === 'agent' ? agentRun(named, docs) : skillNamed(named ?? DEFAULT_SKILL, docs);
  const text = parts
    .map((part) => part.text)
    .filter((t): t is string => typeof t === 'string' && t.trim() !== '')
    .join('\n\n');
  if (text) {
    const field = textFieldOf(entry);
    if (!field)
      throw new BadRequest(`message: skill ${entry.name} takes no text`, `Send its input as a data part: {"skill": "${entry.name}", "input": {…}}.`, docs);
    input[field] ??= text;
  }
  if (endpoint.kind === 'agent') input.agent_id = endpoint.agentId;
  const checked = validToolInput(entry, input, docs, 'message');
  // An A2A task answers once (A2A streams the task itself), so a tool's own `stream` flag does not apply.
  delete checked.stream;
  return { entry, input: checked };
}

/** The x402 payment a message carries (the A2A x402 extension's `x402.payment.payload`), if any. */
export function paymentIn(message: A2AMessageJson): unknown {
  return isObject(message.metadata) ? message.metadata[X402_METADATA.payload] : undefined;
}

/** The message as the task's history keeps it: without a payment, which is spendable by whoever holds it until used. */
export function storableMessage(message: A2AMessageJson): A2AMessageJson {
  if (!isObject(message.metadata) || !(X402_METADATA.payload in message.metadata)) return message;
  const { [X402_METADATA.payload]: _payment, ...metadata } = message.metadata;
  return { ...message, metadata };
}

function skillIn(metadata: unknown): string | undefined {
  return isObject(metadata) && typeof metadata[SKILL_FIELD] === 'string' ? metadata[SKILL_FIELD] : undefined;
}

/** A skill by its id (the registry name, `summarize`, `code/run`), also as a path (`/summarize`) or MCP name (`code_run`). */
function skillNamed(name: string, docs: string): WorkflowToolEntry {
  const bare = name.replace(/^\//, '');
  const entry = byName.get(bare) ?? byName.get(bare.replace(/_/g, '/'));
  if (entry && isA2aSkill(entry)) return entry;
  const near = closest(
    bare,
    registry.filter(isA2aSkill).map((e) => e.name),
  );
  throw new BadRequest(
    `unknown skill "${name}"${near ? ` (did you mean "${near}"?)` : ''}`,
    'Name a skill of the agent card (/.well-known/agent-card.json) in metadata.skill, e.g. "summarize".',
    docs,
  );
}

/** A custom agent's endpoint has one skill, its run. */
function agentRun(named: string | undefined, docs: string): WorkflowToolEntry {
  if (named !== undefined && named !== CUSTOM_AGENT_RUN && named !== 'run') {
    throw new BadRequest(`unknown skill "${named}": this agent's one skill is ${CUSTOM_AGENT_RUN}`, 'Send the task as text; name no skill.', docs);
  }
  return skillNamed(CUSTOM_AGENT_RUN, docs);
}
