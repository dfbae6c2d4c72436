import type { Orchestrators } from '../orchestration/orchestrators';
import { runApiCall } from './apiCallRunner';

/** A call of a catalogue API (/api-call, /catalog/{id}/invoke), as an orchestrated call (workflows/orchestration/orchestrators.ts). */
export const orchestrators: Orchestrators = { 'api-call': (request) => runApiCall(request) };
