import {
  A2AError,
  ExtendedAgentCardNotConfiguredError,
  PushNotificationNotSupportedError,
  RequestMalformedError,
  UnsupportedOperationError,
} from '@a2a-js/sdk/errors';
import {
  AgentCard,
  type CancelTaskRequest,
  type GetTaskRequest,
  Message,
  type SendMessageRequest,
  StreamResponse,
  type SubscribeToTaskRequest,
  Task,
} from '@a2a-js/sdk';
import type { A2ARequestHandler } from '@a2a-js/sdk/server';
import { TERMINAL_STATES } from '../../schema/a2a/protocol';
import type { A2ATaskView } from '../../core/a2a/a2aTaskView';
import { HttpError } from '../errors/httpErrors';
import type { A2ARequest } from './a2aSender';
import type { AgentCardJson } from './agentCard';
import { cancelA2aTask } from './cancelA2aTask';
import { followA2aTask, isSettled } from './followA2aTask';
import { ownedA2aTask } from './ownedA2aTask';
import { sendA2aMessage } from './sendA2aMessage';
import { artifactUpdateJson, statusUpdateJson, a2aTaskJson } from './a2aTaskJson';

/**
 * The A2A methods on one request, for the SDK's JSON-RPC transport (JsonRpcTransportHandler), which parses the
 * request, calls these with the SDK's types and writes their answers and errors in A2A's JSON. Tasks live in the event
 * log and their work in Temporal (sendA2aMessage.ts, core/a2a/), so nothing here is held in memory between requests:
 * any replica answers any method. Push notifications, ListTasks and the extended card are not offered (the card says so).
 */
export class A2ATaskRequests implements A2ARequestHandler {
  constructor(
    private readonly request: A2ARequest,
    private readonly card: AgentCardJson,
  ) {}

  async getAgentCard(): Promise<AgentCard> {
    return AgentCard.fromJSON(this.card);
  }

  async getAuthenticatedExtendedAgentCard(): Promise<AgentCard> {
    throw new ExtendedAgentCardNotConfiguredError('This agent has no extended card: its public card is all of it.');
  }

  async sendMessage(params: SendMessageRequest): Promise<Task> {
    const sent = await this.sent(params);
    // Blocking by default (A2A 1.0): answer once the task ends or waits for a payment, or when a call would time out.
    let view = sent;
    if (!params.configuration?.returnImmediately) {
      const timeoutMs = this.request.deps.config.callTimeoutSeconds * 1000;
      for await (const next of followA2aTask(this.request.deps, this.request.hub, sent, { signal: this.request.signal, timeoutMs })) view = next;
    }
    return Task.fromJSON(a2aTaskJson(view, params.configuration?.historyLength));
  }

  async *sendMessageStream(params: SendMessageRequest): AsyncGenerator<StreamResponse, void, undefined> {
    const sent = await this.sent(params);
    yield StreamResponse.fromJSON({ task: a2aTaskJson(sent, params.configuration?.historyLength) });
    yield* this.changesOf(sent);
  }

  async getTask(params: GetTaskRequest): Promise<Task> {
    return Task.fromJSON(a2aTaskJson(await this.answering(() => ownedA2aTask(this.request, params.id)), params.historyLength));
  }

  async cancelTask(params: CancelTaskRequest): Promise<Task> {
    return Task.fromJSON(a2aTaskJson(await this.answering(() => cancelA2aTask(this.request, params.id))));
  }

  async *resubscribe(params: SubscribeToTaskRequest): AsyncGenerator<StreamResponse, void, undefined> {
    const view = await this.answering(() => ownedA2aTask(this.request, params.id));
    if (TERMINAL_STATES.includes(view.state)) {
      throw new UnsupportedOperationError(`Task ${view.taskId} is in a terminal state (${view.state}) and cannot be subscribed to.`);
    }
    yield StreamResponse.fromJSON({ task: a2aTaskJson(view) });
    yield* this.changesOf(view);
  }

  async listTasks(): Promise<never> {
    throw new UnsupportedOperationError('ListTasks is not offered here: GetTask reads a task by the id SendMessage gave.');
  }

  async createTaskPushNotificationConfig(): Promise<never> {
    throw new PushNotificationNotSupportedError();
  }

  async getTaskPushNotificationConfig(): Promise<never> {
    throw new PushNotificationNotSupportedError();
  }

  async listTaskPushNotificationConfigs(): Promise<never> {
    throw new PushNotificationNotSupportedError();
  }

  async deleteTaskPushNotificationConfig(): Promise<never> {
    throw new PushNotificationNotSupportedError();
  }

  /** The task a message opened or paid, with the service's refusals told as A2A errors. */
  private sent(params: SendMessageRequest): Promise<A2ATaskView> {
    if (!params.message) throw new RequestMalformedError('params.message is required');
    // A client asking for pushes must hear that none will come, rather than wait for them.
    if (params.configuration?.taskPushNotificationConfig)
      throw new PushNotificationNotSupportedError('This agent sends no push notifications: stream the task, or GetTask it.');
    const message = Message.toJSON(params.message) as Record<string, unknown>;
    return this.answering(() => sendA2aMessage(this.request, message, params.metadata));
  }

  /** As the task changes until it is settled: its result as an artifact, then each new status. */
  private async *changesOf(from: A2ATaskView): AsyncGenerator<StreamResponse, void, undefined> {
    if (isSettled(from)) return;
    const changes = followA2aTask(this.request.deps, this.request.hub, from, { signal: this.request.signal });
    try {
      for (let next = await this.answering(() => changes.next()); !next.done; next = await this.answering(() => changes.next())) {
        const view = next.value;
        if (view.result) yield StreamResponse.fromJSON(artifactUpdateJson(view));
        yield StreamResponse.fromJSON(statusUpdateJson(view));
      }
    } finally {
      await changes.return();
    }
  }

  /**
   * The service's own errors (api/errors) in A2A's terms: the caller's mistakes are invalid params, the rest say what
   * failed. Anything unexpected is logged and said no more of than HTTP would (an internal error).
   */
  private async answering<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (error instanceof A2AError) throw error;
      if (!(error instanceof HttpError)) {
        this.request.deps.log.error({ err: error, requestId: this.request.requestId }, 'A2A request failed');
        throw new A2AError({ message: `internal error: the request could not be completed (request ${this.request.requestId})` });
      }
      const detail = Object.fromEntries(
        Object.entries(error.body())
          .filter(([, value]) => typeof value === 'string' || typeof value === 'number')
          .map(([key, value]) => [key, String(value)]),
      );
      const options = { message: error.message, metadata: { http_status: String(error.status), ...detail } };
      throw error.status === 400 ? new RequestMalformedError(options) : new A2AError(options);
    }
  }
}
