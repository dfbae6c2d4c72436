import { classificationTools } from './classificationTools';
import { documentTools } from './documentTools';
import { structureTools } from './structureTools';

/** The analysis family of text-AI tools, served offline by classic methods or by a configured model. */
export const analysisTools = [...classificationTools, ...documentTools, ...structureTools] as const;
