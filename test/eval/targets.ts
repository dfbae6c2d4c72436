import { SURE, type ToolFigures } from './suite';

/** The targets, checked on every set: a line that fails says which figure missed and by how much. */
export interface Target {
  readonly label: string;
  readonly met: boolean;
}

const atLeast = (label: string, value: number | null | undefined, floor: number): Target => ({
  label: `${label} ${value ?? '-'} ≥ ${floor}`,
  met: value !== null && value !== undefined && value >= floor,
});
const atMost = (label: string, value: number | undefined, ceiling: number): Target => ({
  label: `${label} ${value ?? '-'} ≤ ${ceiling}`,
  met: value !== undefined && value <= ceiling,
});

// Searches: the expected item in the top 3. The issue names skills; a user expects the same of memory and knowledge.
const ACCURACY: Readonly<Record<string, number>> = {
  sentiment: 0.8,
  qa: 0.75,
  classify: 0.85,
  'skills/search': 0.9,
  'memory/search': 0.9,
  'knowledge/search': 0.9,
};

export function targetsOf(tool: string, f: ToolFigures): Target[] {
  const targets: Target[] = [];
  if (ACCURACY[tool] !== undefined) targets.push(atLeast(`${tool} accuracy`, f.accuracy, ACCURACY[tool]));
  if (tool === 'rag') {
    targets.push(atLeast('rag right with the answer present', f.extra['answer present: right'], 0.8));
    targets.push(atLeast('rag right with the answer absent', f.extra['answer absent: right'], 0.8));
  }
  if (tool === 'proofread') {
    targets.push(atLeast('proofread seeded errors fixed', f.extra['seeded errors fixed'], 0.7));
    targets.push(atMost('proofread changes that were wrong', f.extra['changes that were wrong'], 0.05));
  }
  // A confidence means what it says: among answers given with confidence ≥ SURE, at least 90% are right.
  if (f.sure > 0) targets.push(atLeast(`${tool} right among answers with confidence ≥ ${SURE}`, f.calibration, 0.9));
  return targets;
}

export const overallTarget = (confidentlyWrong: number): Target => atMost('confidently wrong overall', confidentlyWrong, 0.03);
