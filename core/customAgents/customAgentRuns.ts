import type { EventMap } from '../../schema/events';
import { event, streams } from '../../schema/events';
import type { Db } from '../db/createDb';
import type { EventStore } from '../eventStore';
import type { CustomAgentRunRow } from './customAgentRunsProjection';
import { LIVE_SCHEMA } from '../projections/liveSchema';

type RunStart = EventMap['CustomAgentRunStarted'];
type RunEnd = EventMap['CustomAgentRunFinished'];

/**
 * Records that a run started, once: an activity repeated after a lost worker finds the run and appends nothing.
 * The agent's stream is locked for the check and the append, so two attempts never both record it.
 */
export async function recordCustomAgentRunStarted(store: EventStore, start: RunStart, workflowId: string): Promise<void> {
  await store.transaction(async (tx) => {
    const stream = streams.customAgent(start.agentId);
    const version = await tx.lock(stream);
    const existing = await tx.trx.withSchema(LIVE_SCHEMA).selectFrom('custom_agent_runs').select('run_id').where('run_id', '=', start.runId).executeTakeFirst();
    if (existing) return;
    await tx.append(stream, [event('CustomAgentRunStarted', start)], { expectedVersion: version, metadata: { workflowId, actor: 'custom-agent' } });
  });
}

/** Records how a run ended, once (a repeat finds it finished). */
export async function recordCustomAgentRunFinished(store: EventStore, end: RunEnd, workflowId: string): Promise<void> {
  await store.transaction(async (tx) => {
    const stream = streams.customAgent(end.agentId);
    const version = await tx.lock(stream);
    const existing = await tx.trx.withSchema(LIVE_SCHEMA).selectFrom('custom_agent_runs').select('status').where('run_id', '=', end.runId).executeTakeFirst();
    if (existing && existing.status !== 'running') return;
    await tx.append(stream, [event('CustomAgentRunFinished', end)], { expectedVersion: version, metadata: { workflowId, actor: 'custom-agent' } });
  });
}

/** A custom agent's runs, newest first. */
export async function listCustomAgentRuns(db: Db, agentId: string, limit: number): Promise<CustomAgentRunRow[]> {
  return db
    .withSchema(LIVE_SCHEMA)
    .selectFrom('custom_agent_runs')
    .selectAll()
    .where('agent_id', '=', agentId)
    .orderBy('started_at', 'desc')
    .orderBy('run_id', 'desc')
    .limit(limit)
    .execute();
}
