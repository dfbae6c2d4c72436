import { findCustomAgent, ownedCustomAgent } from '../../core/customAgents/findCustomAgent';
import { relayOwnedBy } from '../../core/customAgents/relayTriggers';
import { accountOf } from '../../core/networkAgents/owners';
import { syncCustomAgentSchedule } from '../../core/customAgents/customAgentSchedule';
import type { CustomAgentRow } from '../../core/customAgents/customAgentsProjection';
import { normalizeSchedule } from '../../core/customAgents/normalizeSchedule';
import { type CustomAgentSchedule } from '../../schema/customAgents/customAgentSchedules';
import { callerOwner } from '../callerOwner';
import type { AppDeps, RequestState } from '../deps';
import { BadRequest, Conflict, NotFound, ServiceUnavailable } from '../errors/httpErrors';

/** The caller's custom agent named by the path; another owner's is a 404 like a missing one. */
export async function customAgentOfCaller(deps: AppDeps, state: RequestState, agentId: string, docs: string): Promise<CustomAgentRow> {
  const agent = await ownedCustomAgent(deps.store.db, agentId, callerOwner(state));
  if (!agent) throw new NotFound(`no custom agent ${agentId} of yours`, 'GET /agents/custom lists yours; POST /agents/build makes one.', docs);
  return agent;
}

/** The same, refusing an archived one (it keeps its history but changes and runs no more). */
export async function activeCustomAgentOfCaller(deps: AppDeps, state: RequestState, agentId: string, docs: string): Promise<CustomAgentRow> {
  const agent = await customAgentOfCaller(deps, state, agentId, docs);
  if (agent.status === 'archived')
    throw new Conflict(`custom agent ${agentId} is archived`, 'An archived agent keeps its runs but cannot change or run; build a new one.', docs);
  return agent;
}

/**
 * A schedule as sent, made whole and checked (day of week, time zone …). Scheduled and event runs are billed to the
 * owner's key account, so an agent a wallet owns runs only when called.
 */
export function scheduleOf(state: RequestState, raw: { type: string; config: Record<string, unknown> }, docs: string): CustomAgentSchedule {
  if (callerOwner(state).startsWith('wallet:')) {
    throw new BadRequest(
      'scheduled and event runs are billed to the owner’s API key account; an agent a wallet owns runs only when called',
      'Build the agent with an API key to schedule it, or call POST /agents/custom/{id}/run paying with x402.',
      docs,
    ).forField('schedule');
  }
  const schedule = normalizeSchedule(raw);
  if ('field' in schedule) throw new BadRequest(schedule.message, 'See the schedule fields in the docs.', docs).forField(schedule.field);
  return schedule;
}

/** An event schedule on a relay may name only a relay of the owner's own (its events are the owner's). */
export async function checkRelay(deps: AppDeps, state: RequestState, schedule: CustomAgentSchedule | null | undefined, docs: string): Promise<void> {
  if (schedule?.type !== 'event' || schedule.config.trigger !== 'relay') return;
  const relayId = schedule.config.relay_id ?? '';
  if (!(await relayOwnedBy(deps.store.db, relayId, accountOf(callerOwner(state))))) {
    throw new BadRequest(`schedule.config.relay_id: no relay ${relayId} of yours`, 'POST /webhooks/create makes one.', docs).forField(
      'schedule.config.relay_id',
    );
  }
}

/** Reads the agent back (inline projection) and brings its Temporal Schedule in line; Temporal down is a 503, the change kept. */
export async function syncedCustomAgent(deps: AppDeps, agentId: string): Promise<CustomAgentRow> {
  const agent = await findCustomAgent(deps.store.db, agentId);
  if (!agent) throw new Error(`custom agent ${agentId} was just written but is not in its projection`);
  try {
    await syncCustomAgentSchedule({ client: deps.temporal.client, taskQueue: deps.config.taskQueue }, agent);
  } catch (error) {
    deps.log.error({ err: error, agentId }, 'custom agent schedule sync failed');
    throw new ServiceUnavailable('the change is recorded, but its schedule could not be saved in Temporal; send the request again', 5, 'service_unavailable');
  }
  return agent;
}
