import { buildCustomAgent } from '../../core/customAgents/buildCustomAgent';
import { customAgentConfigProblem } from '../../core/customAgents/checkCustomAgentConfig';
import { LIVE_SCHEMA } from '../../core/projections';
import { CUSTOM_AGENT_LIMITS } from '../../schema/customAgents/customAgentSchedules';
import type { customAgentTools } from '../../schema/customAgents/customAgentTools';
import { callerOwner } from '../callerOwner';
import { BadRequest, Conflict } from '../errors/httpErrors';
import type { HandlerFor } from '../inline/inlineHandler';
import { customAgentView } from './customAgentView';
import { checkRelay, scheduleOf, syncedCustomAgent } from './customAgentOfCaller';

/** POST /agents/build: tools checked against the registry, the model against the catalogue, the schedule made whole. */
export const buildHandler: HandlerFor<typeof customAgentTools, 'agents/build'> = async (input, { deps, state, docs }) => {
  const owner = callerOwner(state);
  const problem = customAgentConfigProblem(input);
  if (problem) throw new BadRequest(problem.message, problem.hint, docs).forField(problem.field);
  const schedule = input.schedule ? scheduleOf(state, input.schedule, docs) : undefined;
  await checkRelay(deps, state, schedule, docs);
  const { count } = await deps.store.db
    .withSchema(LIVE_SCHEMA)
    .selectFrom('custom_agents')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('owner', '=', owner)
    .where('status', '=', 'active')
    .executeTakeFirstOrThrow();
  // The request is fine; the owner's state refuses it until an agent is archived: a conflict, not bad input.
  if (Number(count) >= CUSTOM_AGENT_LIMITS.activePerOwner) {
    throw new Conflict(
      `you already have ${CUSTOM_AGENT_LIMITS.activePerOwner} active custom agents`,
      'Archive one with DELETE /agents/custom/{id} first.',
      docs,
    ).withCode('limit_reached');
  }
  const { agentId } = await buildCustomAgent(deps.store, {
    owner,
    config: { name: input.name, systemPrompt: input.system_prompt, tools: [...input.tools], model: input.model ?? 'auto', memory: input.memory ?? false },
    ...(schedule ? { schedule } : {}),
    requestId: state.requestId,
    ip: state.clientIp,
  });
  return customAgentView(await syncedCustomAgent(deps, agentId));
};
