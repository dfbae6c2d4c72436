import { listPriceOf } from '../../core/ledger/pricing';
import type { CustomAgentRow } from '../../core/customAgents/customAgentsProjection';
import { A2A_PATH, A2A_PROTOCOL_BINDING, A2A_PROTOCOL_VERSION, a2aAgentPath, DEFAULT_SKILL, X402_EXTENSION_URI } from '../../schema/a2a/protocol';
import { isA2aSkill, textFieldOf } from '../../core/a2a/a2aSkills';
import type { Config } from '../../schema/config';
import { microsToUsd } from '../../schema/money';
import { byName, registry, type WorkflowToolEntry } from '../../schema/registry';
import type { Availability } from '../availability/toolAvailability';
import { links } from '../links';
import { API_VERSION } from '../middleware/versionHeaders';

/**
 * A2A 1.0 agent cards, written in the protocol's JSON (lf.a2a.v1.AgentCard in ProtoJSON). They say only what is served:
 * one JSON-RPC interface, streaming (server-sent events), no push notifications, no extended card, and the x402
 * payments extension for callers without a key.
 */
export type AgentCardJson = Record<string, unknown>;

const cards = new WeakMap<Config, AgentCardJson>();

/** Security requirements in ProtoJSON: a scheme needing no scopes is an empty StringList, `{}`. */
const KEY_OR_SESSION = [{ schemes: { apiKey: {} } }, { schemes: { apiKeyHeader: {} } }, { schemes: { walletSession: {} } }];

/**
 * GET /.well-known/agent-card.json (and agent.json): the A2A skills this deployment can run now, at POST /a2a. A2A's
 * skills have no field to say one cannot run, and an agent picks skills from the card, so those that cannot are
 * left out, their count and where to read why in the description (/status lists each with its reason).
 */
export function availableServiceCard(config: Config, availability: Availability): AgentCardJson {
  const card = serviceCard(config) as AgentCardJson & { description: string; skills: { id: string }[] };
  const skills = card.skills.filter((skill) => !availability.unavailable.has(byName.get(skill.id)!.path));
  const left = card.skills.length - skills.length;
  if (left === 0) return card;
  const why = `${left} skill${left > 1 ? 's' : ''} this deployment cannot run now ${left > 1 ? 'are' : 'is'} left out (a setting unset, or ${left > 1 ? 'their' : 'its'} model providers failing); ${config.publicBaseUrl}/status lists which and why.`;
  return { ...card, description: `${card.description} ${why}`, skills };
}

/** The service's card with every A2A skill, built once per configuration: what the JSON-RPC endpoint checks requests against. */
export function serviceCard(config: Config): AgentCardJson {
  let card = cards.get(config);
  if (card) return card;
  const base = config.publicBaseUrl;
  card = {
    name: 'toolgate',
    description: [
      'Pay-per-call AI tools, data lookups and agent infrastructure. Each skill is a registry tool, run as an A2A task: a durable job, billed exactly as its HTTP route.',
      'Name the skill in the message metadata ({"skill": "summarize"}) or in a data part ({"skill": "summarize", "input": {…}}); text parts fill the skill’s text field (its description names it).',
      `A message naming no skill runs "${DEFAULT_SKILL}", which picks tools for the task in its text.`,
      'Pay with a key (Authorization: Bearer apk_…), within the free tier where a skill says so, or with x402: a task to be paid is input-required with the payment requirements (the A2A x402 extension).',
    ].join(' '),
    supportedInterfaces: [{ url: `${base}${A2A_PATH}`, protocolBinding: A2A_PROTOCOL_BINDING, protocolVersion: A2A_PROTOCOL_VERSION }],
    provider: { url: base, organization: 'toolgate' },
    version: API_VERSION,
    documentationUrl: `${base}/docs`,
    capabilities: capabilities(),
    securitySchemes: securitySchemes(),
    // Any one of these; the empty one says a caller with none may still call (free tier, or x402 through the extension).
    securityRequirements: [...KEY_OR_SESSION, {}],
    defaultInputModes: ['text/plain', 'application/json'],
    defaultOutputModes: ['application/json', 'text/plain'],
    skills: registry.filter(isA2aSkill).map((entry) => skillOf(entry, config)),
  };
  cards.set(config, card);
  return card;
}

/** GET /a2a/agents/{agent_id}/.well-known/agent-card.json: one custom agent, its run as the one skill, at its own endpoint. */
export function customAgentCard(config: Config, agent: Pick<CustomAgentRow, 'agent_id' | 'name'>): AgentCardJson {
  const base = config.publicBaseUrl;
  const run = byName.get('agents/custom/run') as WorkflowToolEntry;
  const price = microsToUsd(listPriceOf(run, config));
  return {
    name: agent.name,
    description: `A custom agent on toolgate: send it a task as text. Each run is a paid call of at most ${price} USD that only its owner may make (the key that built it, or its wallet with a session), billed like POST /agents/custom/{id}/run.`,
    supportedInterfaces: [{ url: `${base}${a2aAgentPath(agent.agent_id)}`, protocolBinding: A2A_PROTOCOL_BINDING, protocolVersion: A2A_PROTOCOL_VERSION }],
    provider: { url: base, organization: 'toolgate' },
    version: API_VERSION,
    documentationUrl: links(config).docs(run.name),
    capabilities: capabilities(),
    securitySchemes: securitySchemes(),
    securityRequirements: KEY_OR_SESSION,
    defaultInputModes: ['text/plain'],
    defaultOutputModes: ['application/json', 'text/plain'],
    skills: [
      {
        id: run.name,
        name: agent.name,
        description: `Runs ${agent.name} on the task in the message text: its loop uses its tools and model until it answers. ${price} USD a run at most.`,
        tags: ['agents', 'custom-agent'],
      },
    ],
  };
}

function capabilities() {
  return {
    streaming: true,
    pushNotifications: false,
    extensions: [
      {
        uri: X402_EXTENSION_URI,
        description:
          'A task a caller without a key must pay is input-required, with the x402 PaymentRequired in its status message metadata (x402.payment.required); send the signed payment in a message naming the task (metadata x402.payment.payload).',
        // Not required (ProtoJSON leaves false out): a key holder never meets it.
      },
    ],
    extendedAgentCard: false,
  };
}

function securitySchemes() {
  return {
    apiKey: {
      httpAuthSecurityScheme: {
        description: 'A prepaid key, Authorization: Bearer apk_… (POST /auth/generate-key gives one with trial credit).',
        scheme: 'Bearer',
        bearerFormat: 'apk_…',
      },
    },
    apiKeyHeader: { apiKeySecurityScheme: { description: 'The same key as a header.', location: 'header', name: 'X-API-Key' } },
    walletSession: {
      httpAuthSecurityScheme: {
        description: 'A wallet session (POST /agents/verify, Sign-In with Ethereum): tasks are the wallet’s, paid with x402 from it.',
        scheme: 'Bearer',
        bearerFormat: 'JWT',
      },
    },
  };
}

function skillOf(entry: WorkflowToolEntry, config: Config) {
  const field = textFieldOf(entry);
  const send = field ? `Text parts fill "${field}".` : 'Send its input as a data part.';
  return {
    id: entry.name,
    name: entry.path,
    description: `${entry.summary.replace(/\.?$/, '.')} ${priceNote(entry, config)} ${send}`,
    tags: [entry.category, entry.family, ...(entry.premium ? ['premium'] : []), ...(entry.freeTier && !entry.premium ? ['free-tier'] : [])],
    ...(entry.example ? { examples: [JSON.stringify({ skill: entry.name, input: entry.example })] } : {}),
  };
}

function priceNote(entry: WorkflowToolEntry, config: Config): string {
  if (entry.priceFrom === 'listing') return "Costs the listing's price (key or x402).";
  const price = listPriceOf(entry, config);
  if (price === 0) return 'Free.';
  const usd = `${microsToUsd(price)} USD a task`;
  if (entry.needsIdentity) return `${usd} (key or x402 wallet, as whom it acts).`;
  if (entry.premium || !entry.freeTier) return `${usd} (key or x402).`;
  return `${usd} (key, x402, or the free tier).`;
}
