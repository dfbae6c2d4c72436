import { archiveCustomAgent, scheduleCustomAgent, unscheduleCustomAgent, updateCustomAgent } from '../../core/customAgents/changeCustomAgent';
import { customAgentConfigProblem } from '../../core/customAgents/checkCustomAgentConfig';
import type { CustomAgentConfig } from '../../schema/events';
import type { customAgentTools } from '../../schema/customAgents/customAgentTools';
import { callerOwner } from '../callerOwner';
import { BadRequest } from '../errors/httpErrors';
import type { HandlerFor } from '../inline/inlineHandler';
import { customAgentView } from './customAgentView';
import { activeCustomAgentOfCaller, checkRelay, customAgentOfCaller, scheduleOf, syncedCustomAgent } from './customAgentOfCaller';

/** PUT /agents/custom/{id}: name, prompt, tools, model, memory and schedule (null removes it); what is left out stays. */
export const updateHandler: HandlerFor<typeof customAgentTools, 'agents/custom/update'> = async (input, { deps, state, params, docs }) => {
  const agent = await activeCustomAgentOfCaller(deps, state, params.agent_id ?? '', docs);
  const problem = customAgentConfigProblem(input);
  if (problem) throw new BadRequest(problem.message, problem.hint, docs).forField(problem.field);
  const fields: Partial<CustomAgentConfig> = {
    ...(input.name !== undefined ? { name: input.name } : {}),
    ...(input.system_prompt !== undefined ? { systemPrompt: input.system_prompt } : {}),
    ...(input.tools !== undefined ? { tools: [...input.tools] } : {}),
    ...(input.model !== undefined ? { model: input.model } : {}),
    ...(input.memory !== undefined ? { memory: input.memory } : {}),
  };
  const schedule = input.schedule === undefined ? undefined : input.schedule === null ? null : scheduleOf(state, input.schedule, docs);
  await checkRelay(deps, state, schedule, docs);
  await updateCustomAgent(deps.store, {
    agentId: agent.agent_id,
    actor: callerOwner(state),
    requestId: state.requestId,
    fields,
    ...(schedule !== undefined ? { schedule } : {}),
    hadSchedule: agent.schedule !== null,
  });
  return customAgentView(await syncedCustomAgent(deps, agent.agent_id));
};

/** DELETE /agents/custom/{id}: archived (active → archived); its schedule is deleted, its runs stay readable. */
export const deleteHandler: HandlerFor<typeof customAgentTools, 'agents/custom/delete'> = async (_input, { deps, state, params, docs }) => {
  const agent = await customAgentOfCaller(deps, state, params.agent_id ?? '', docs);
  if (agent.status === 'active') {
    await archiveCustomAgent(deps.store, {
      agentId: agent.agent_id,
      actor: callerOwner(state),
      requestId: state.requestId,
      hadSchedule: agent.schedule !== null,
    });
  }
  return customAgentView(await syncedCustomAgent(deps, agent.agent_id));
};

/** POST /agents/custom/{id}/schedule: replaces the schedule (and resumes a paused one). */
export const scheduleHandler: HandlerFor<typeof customAgentTools, 'agents/custom/schedule'> = async (input, { deps, state, params, docs }) => {
  const agent = await activeCustomAgentOfCaller(deps, state, params.agent_id ?? '', docs);
  const schedule = scheduleOf(state, input, docs);
  await checkRelay(deps, state, schedule, docs);
  await scheduleCustomAgent(deps.store, { agentId: agent.agent_id, actor: callerOwner(state), requestId: state.requestId, schedule });
  return customAgentView(await syncedCustomAgent(deps, agent.agent_id));
};

/** DELETE /agents/custom/{id}/schedule: the Temporal Schedule (or event trigger) is removed. */
export const unscheduleHandler: HandlerFor<typeof customAgentTools, 'agents/custom/unschedule'> = async (_input, { deps, state, params, docs }) => {
  const agent = await activeCustomAgentOfCaller(deps, state, params.agent_id ?? '', docs);
  if (agent.schedule) await unscheduleCustomAgent(deps.store, { agentId: agent.agent_id, actor: callerOwner(state), requestId: state.requestId });
  return customAgentView(await syncedCustomAgent(deps, agent.agent_id));
};
