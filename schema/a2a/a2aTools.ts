import { micros } from '../money';
import { object } from '../registry/fields';
import type { JsonSchema, ToolDraft } from '../registry/types';
import { A2A_PATH } from './protocol';

const card = { price: micros(0), premium: false, freeTier: false, execution: 'inline', model: 'none', category: 'system', access: 'open' } as const;
const strings = { type: 'array', items: { type: 'string' } } as const satisfies JsonSchema;

/** An A2A 1.0 AgentCard in its JSON form (lf.a2a.v1.AgentCard), as far as this service fills it. */
const agentCard = {
  type: 'object',
  description: 'An A2A 1.0 agent card: where its JSON-RPC endpoint is, how to pay, and its skills.',
  properties: {
    name: { type: 'string' },
    description: { type: 'string' },
    supportedInterfaces: {
      type: 'array',
      items: object({ url: { type: 'string' }, protocolBinding: { type: 'string' }, protocolVersion: { type: 'string' } }, [
        'url',
        'protocolBinding',
        'protocolVersion',
      ]),
    },
    provider: { type: 'object' },
    version: { type: 'string' },
    documentationUrl: { type: 'string' },
    capabilities: { type: 'object', properties: { streaming: { type: 'boolean' }, pushNotifications: { type: 'boolean' }, extensions: { type: 'array' } } },
    securitySchemes: { type: 'object' },
    securityRequirements: { type: 'array' },
    defaultInputModes: strings,
    defaultOutputModes: strings,
    skills: {
      type: 'array',
      items: {
        type: 'object',
        properties: { id: { type: 'string' }, name: { type: 'string' }, description: { type: 'string' }, tags: strings, examples: strings },
        required: ['id', 'name', 'description', 'tags'],
      },
    },
  },
  required: ['name', 'description', 'supportedInterfaces', 'version', 'capabilities', 'defaultInputModes', 'defaultOutputModes', 'skills'],
} as const satisfies JsonSchema;

/**
 * The A2A agent cards (A2A 1.0). Their JSON-RPC endpoints, POST /a2a and POST /a2a/agents/{agent_id}, speak A2A
 * rather than the service's JSON, so like /mcp they are described in the OpenAPI document's introduction, not as operations.
 */
export const a2aTools = [
  {
    ...card,
    name: '.well-known/agent-card.json',
    title: 'A2A agent card',
    path: '/.well-known/agent-card.json',
    method: 'GET',
    summary: `A2A agent card (A2A 1.0): the paid tools as skills, each run as a task by the JSON-RPC endpoint POST ${A2A_PATH}`,
    input: object({}),
    output: agentCard,
  },
  {
    ...card,
    name: '.well-known/agent.json',
    title: 'A2A agent card (earlier path)',
    path: '/.well-known/agent.json',
    method: 'GET',
    summary: 'The same A2A agent card, at the path earlier A2A clients read',
    input: object({}),
    output: agentCard,
  },
  {
    ...card,
    name: 'a2a/agents/card',
    path: `${A2A_PATH}/agents/:agent_id/.well-known/agent-card.json`,
    method: 'GET',
    summary: `A custom agent's own A2A card: one skill, its run, served at POST ${A2A_PATH}/agents/{agent_id} to its owner`,
    input: object(
      {
        agent_id: {
          type: 'string',
          minLength: 1,
          maxLength: 64,
          pattern: '^[A-Za-z0-9_-]+$',
          description: 'The custom agent (agent_id from POST /agents/build); an archived or unknown one is not found.',
        },
      },
      ['agent_id'],
    ),
    output: agentCard,
  },
] as const satisfies readonly ToolDraft[];
