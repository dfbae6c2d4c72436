import type { A2ATaskView } from '../../core/a2a/a2aTaskView';
import { X402_METADATA } from '../../schema/a2a/protocol';
import { microsToUsd } from '../../schema/money';

/**
 * A task in A2A 1.0's JSON (lf.a2a.v1.Task and its stream events, in ProtoJSON), written from what the log says. The
 * result is one artifact: the tool's output as a data part, and its main text as a text part when it has one.
 */
type Json = Record<string, unknown>;

export function a2aTaskJson(view: A2ATaskView, historyLength?: number): Json {
  return {
    id: view.taskId,
    contextId: view.contextId,
    status: statusJson(view),
    artifacts: view.result ? [artifactJson(view)] : [],
    history: historyLength === undefined ? view.history : historyLength <= 0 ? [] : view.history.slice(-historyLength),
    metadata: { toolgate: detailsOf(view) },
  };
}

export function statusUpdateJson(view: A2ATaskView): Json {
  return { statusUpdate: { taskId: view.taskId, contextId: view.contextId, status: statusJson(view) } };
}

export function artifactUpdateJson(view: A2ATaskView): Json {
  return { artifactUpdate: { taskId: view.taskId, contextId: view.contextId, artifact: artifactJson(view), lastChunk: true } };
}

function statusJson(view: A2ATaskView): Json {
  const message = statusMessage(view);
  return {
    state: `TASK_STATE_${view.state.toUpperCase().replace(/-/g, '_')}`,
    ...(message ? { message } : {}),
    timestamp: view.stateAt.toISOString(),
  };
}

/** What the agent says about the state: why it waits, failed or was refused, and the x402 extension's metadata. */
function statusMessage(view: A2ATaskView): Json | undefined {
  const text = statusText(view);
  const payment = paymentMetadata(view);
  const error = view.error?.body ? { error: view.error.body } : view.error ? { error: { error: view.error.message, code: view.error.code } } : {};
  if (!text && !payment) return undefined;
  return {
    messageId: `${view.taskId}.${view.state}.${view.stateAt.getTime()}`,
    contextId: view.contextId,
    taskId: view.taskId,
    role: 'ROLE_AGENT',
    parts: [{ text: text ?? view.state }],
    metadata: { ...payment, ...error },
  };
}

function statusText(view: A2ATaskView): string | undefined {
  switch (view.state) {
    case 'input-required': {
      const refused = view.payment?.refusal ? `The payment was refused (${view.payment.refusal.message}). ` : '';
      return `${refused}Payment required for ${view.skill}: send the signed x402 payment in a message naming this task, in metadata["${X402_METADATA.payload}"] (the A2A x402 extension), or call again with a key.`;
    }
    case 'failed':
    case 'rejected':
      return view.error ? [view.error.message, view.error.body?.hint].filter(Boolean).join(' ') : undefined;
    case 'canceled':
      return 'Cancelled before it finished: nothing was charged.';
    default:
      return undefined;
  }
}

function paymentMetadata(view: A2ATaskView): Json | undefined {
  const payment = view.payment;
  if (!payment) return undefined;
  return {
    [X402_METADATA.status]: payment.status,
    ...(payment.required ? { [X402_METADATA.required]: payment.required } : {}),
    ...(payment.refusal ? { [X402_METADATA.error]: payment.refusal.reason } : {}),
    ...(payment.receipt ? { [X402_METADATA.receipts]: [{ success: true, ...payment.receipt }] } : {}),
  };
}

function artifactJson(view: A2ATaskView): Json {
  const { output, model, chargedMicros } = view.result!;
  const text = mainTextOf(output);
  return {
    artifactId: `${view.taskId}.result`,
    name: view.skill,
    parts: [{ data: output, mediaType: 'application/json' }, ...(text ? [{ text, mediaType: 'text/plain' }] : [])],
    metadata: { model, cost_usd: microsToUsd(chargedMicros) },
  };
}

/** Where the task ran and what it cost, beside A2A's fields. */
function detailsOf(view: A2ATaskView): Json {
  return {
    skill: view.skill,
    ...(view.agentId ? { agent_id: view.agentId } : {}),
    ...(view.jobId ? { job_id: view.jobId, workflow_id: `job-${view.jobId}` } : {}),
    ...(view.payer ? { payment: view.payer.kind } : {}),
    ...(view.result ? { model: view.result.model, cost_usd: microsToUsd(view.result.chargedMicros) } : {}),
  };
}

// The field that holds a tool's answer as prose, where it has one: an agent's answer, a summary, a translation …
const MAIN_TEXT_FIELDS = ['answer', 'summary', 'text', 'translation', 'result', 'content', 'output', 'response'];

function mainTextOf(output: Json): string | undefined {
  for (const field of MAIN_TEXT_FIELDS) if (typeof output[field] === 'string' && output[field] !== '') return output[field];
  return undefined;
}
