import { listPriceOf } from '../../core/ledger/pricing';
import type { Config } from '../../schema/config';
import { microsToUsd } from '../../schema/money';
import { registry } from '../../schema/registry';
import { API_VERSION } from '../middleware/versionHeaders';

/** GET /.well-known/agent.json: an A2A agent card whose skills are the paid tools. */
export function agentCard(config: Config) {
  return {
    name: 'toolgate',
    description: 'Pay-per-call AI tools, data lookups and agent infrastructure.',
    url: config.publicBaseUrl,
    version: API_VERSION,
    documentationUrl: `${config.publicBaseUrl}/docs`,
    provider: { organization: 'toolgate', url: config.publicBaseUrl },
    capabilities: { streaming: true, pushNotifications: true },
    defaultInputModes: ['application/json'],
    defaultOutputModes: ['application/json'],
    securitySchemes: { bearer: { type: 'http', scheme: 'bearer' }, x402: { type: 'apiKey', in: 'header', name: 'PAYMENT-SIGNATURE' } },
    skills: registry
      .filter((e) => e.execution !== 'inline')
      .map((e) => ({
        id: e.name,
        name: e.path,
        description: `${e.summary} ($${microsToUsd(listPriceOf(e, config))} a call)`,
        tags: [e.category, ...(e.premium ? ['premium'] : [])],
        ...(e.example ? { examples: [JSON.stringify(e.example)] } : {}),
      })),
  };
}
