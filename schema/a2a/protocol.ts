/**
 * The A2A protocol as this service speaks it: A2A 1.0 over JSON-RPC (the version @a2a-js/sdk 1.x implements), with the
 * A2A x402 payments extension for callers who pay per task.
 */
export const A2A_PROTOCOL_VERSION = '1.0';
export const A2A_PROTOCOL_BINDING = 'JSONRPC';

/** The service's JSON-RPC endpoint, and a custom agent's own. */
export const A2A_PATH = '/a2a';
export const a2aAgentPath = (agentId: string) => `${A2A_PATH}/agents/${agentId}`;

/** The A2A x402 payments extension, v0.2 (github.com/google-agentic-commerce/a2a-x402): its URI and message metadata keys. */
export const X402_EXTENSION_URI = 'https://github.com/google-agentic-commerce/a2a-x402/blob/main/spec/v0.2';
export const X402_METADATA = {
  status: 'x402.payment.status',
  required: 'x402.payment.required',
  payload: 'x402.payment.payload',
  receipts: 'x402.payment.receipts',
  error: 'x402.payment.error',
} as const;
export type X402PaymentStatus = 'payment-required' | 'payment-submitted' | 'payment-verified' | 'payment-completed' | 'payment-failed';

/** Where a message names its skill: `metadata.skill` (of the message or the request), or a data part's `skill`. */
export const SKILL_FIELD = 'skill';
/** The skill a message that names none runs: the agent loop, which picks registry tools for the task in its text. */
export const DEFAULT_SKILL = 'agent';

/** A2A task states (TaskState, without its TASK_STATE_ prefix on the wire). */
export type A2ATaskState = 'submitted' | 'working' | 'completed' | 'failed' | 'canceled' | 'rejected' | 'input-required';

/** States a task does not leave; input-required is an interrupted one (it goes on once paid). */
export const TERMINAL_STATES: readonly A2ATaskState[] = ['completed', 'failed', 'canceled', 'rejected'];
