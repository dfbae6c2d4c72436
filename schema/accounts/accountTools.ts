import { usageTools } from './usageTools';
import { creditTools } from './creditTools';
import { keyTools } from './keyTools';
import { operatorTools } from './operatorTools';
import { freeTierTools } from './freeTierTools';
import type { ToolDraft } from '../registry/types';

/** Keys, balances and credit, answered by the API from the event log's projections: each group in its file, in catalogue order. */
export const accountTools = [...usageTools, ...creditTools, ...keyTools, ...operatorTools, ...freeTierTools] as const satisfies readonly ToolDraft[];
