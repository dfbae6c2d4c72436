import { CUSTOM_AGENT_TEMPLATES } from '../../schema/customAgents/customAgentTemplates';
import type { customAgentTools } from '../../schema/customAgents/customAgentTools';
import type { HandlerFor } from '../inline/inlineHandler';

/** GET /builder/templates: ten starting points, open to anyone. */
export const templatesHandler: HandlerFor<typeof customAgentTools, 'builder/templates'> = () => ({
  templates: CUSTOM_AGENT_TEMPLATES,
  count: CUSTOM_AGENT_TEMPLATES.length,
});
