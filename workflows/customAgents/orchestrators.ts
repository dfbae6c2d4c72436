import type { Orchestrators } from '../orchestration/orchestrators';
import { runCustomAgent } from './customAgentRunner';

/** A custom agent's run, as an orchestrated call (workflows/orchestration/orchestrators.ts). */
export const orchestrators: Orchestrators = { 'custom-agent': runCustomAgent };
