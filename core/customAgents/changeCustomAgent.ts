import type { CustomAgentSchedule } from '../../schema/customAgents/customAgentSchedules';
import { type CustomAgentConfig, type DomainEvent, event, streams } from '../../schema/events';
import type { EventStore } from '../eventStore';

interface Change {
  readonly agentId: string;
  readonly actor: string;
  readonly requestId: string;
}

/** Appends an owner's change to the agent's stream (the handler has checked ownership and that it is active). */
async function record(store: EventStore, change: Change, events: DomainEvent[]): Promise<void> {
  if (events.length === 0) return;
  await store.append(streams.customAgent(change.agentId), events, { metadata: { requestId: change.requestId, actor: change.actor } });
}

/** PUT /agents/custom/{id}: the fields given, and the schedule when given (null removes it). */
export function updateCustomAgent(
  store: EventStore,
  change: Change & { readonly fields: Partial<CustomAgentConfig>; readonly schedule?: CustomAgentSchedule | null; readonly hadSchedule: boolean },
): Promise<void> {
  const { agentId, fields, schedule } = change;
  return record(store, change, [
    ...(Object.keys(fields).length ? [event('CustomAgentUpdated', { agentId, ...fields })] : []),
    ...(schedule ? [event('CustomAgentScheduled', { agentId, schedule })] : []),
    ...(schedule === null && change.hadSchedule ? [event('CustomAgentUnscheduled', { agentId, reason: 'owner' as const })] : []),
  ]);
}

/** POST /agents/custom/{id}/schedule: replaces any schedule (and resumes a paused one). */
export function scheduleCustomAgent(store: EventStore, change: Change & { readonly schedule: CustomAgentSchedule }): Promise<void> {
  return record(store, change, [event('CustomAgentScheduled', { agentId: change.agentId, schedule: change.schedule })]);
}

/** DELETE /agents/custom/{id}/schedule. */
export function unscheduleCustomAgent(store: EventStore, change: Change): Promise<void> {
  return record(store, change, [event('CustomAgentUnscheduled', { agentId: change.agentId, reason: 'owner' })]);
}

/** DELETE /agents/custom/{id}: archived with its schedule removed; events and runs are kept. */
export function archiveCustomAgent(store: EventStore, change: Change & { readonly hadSchedule: boolean }): Promise<void> {
  const { agentId } = change;
  return record(store, change, [
    ...(change.hadSchedule ? [event('CustomAgentUnscheduled', { agentId, reason: 'archived' as const })] : []),
    event('CustomAgentArchived', { agentId }),
  ]);
}
