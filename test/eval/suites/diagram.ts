import { diagramCases } from '../cases/diagram';
import { diagramHeldOut } from '../heldout/diagram';
import { suite, type LabelledCase } from '../suite';

export interface DiagramCase extends LabelledCase {
  readonly text: string;
  readonly type: 'flowchart' | 'sequence';
  /** Arrows that must be drawn, each [a phrase of the source's label, a phrase of the target's] (sequence: party names). */
  readonly edges: readonly (readonly [string, string])[];
  /** Arrows that must not be drawn: steps the text never connects. */
  readonly forbidden?: readonly (readonly [string, string])[];
}

/** The arrows of a Mermaid flowchart or sequence diagram as [source label, target label]. */
export function arrowsOf(diagram: string): [string, string][] {
  const labels = new Map<string, string>();
  const arrows: [string, string][] = [];
  for (const line of diagram.split('\n').map((l) => l.trim())) {
    const node = /^(\w+)(?:\[|\{|\(\[)"(.*)"(?:\]|\}|\]\))$/.exec(line);
    if (node) labels.set(node[1]!, node[2]!);
    const participant = /^participant (\w+)(?: as (.+))?$/.exec(line);
    if (participant) labels.set(participant[1]!, participant[2] ?? participant[1]!);
    const edge = /^(\w+) -->(?:\|[^|]*\|)? (\w+)$/.exec(line);
    if (edge) arrows.push([edge[1]!, edge[2]!]);
    const message = /^(\w+)--?>>(\w+):/.exec(line);
    if (message) arrows.push([message[1]!, message[2]!]);
  }
  return arrows.map(([a, b]) => [labels.get(a) ?? a, labels.get(b) ?? b]);
}

const joins = (arrows: [string, string][], [from, to]: readonly [string, string]) =>
  arrows.some(([a, b]) => a.toLowerCase().includes(from.toLowerCase()) && b.toLowerCase().includes(to.toLowerCase()));

/** Every expected arrow drawn, no forbidden one. No confidence: judged for accuracy alone. */
export const diagramSuite = suite<DiagramCase>({
  tool: 'diagram',
  cases: { dev: diagramCases, heldOut: diagramHeldOut },
  input: (c) => ({ text: c.text }),
  judge: (c, output) => {
    const arrows = arrowsOf(String(output.diagram ?? ''));
    const problems = [
      ...(output.type === c.type ? [] : [`drew a ${String(output.type)}`]),
      ...c.edges.filter((e) => !joins(arrows, e)).map(([a, b]) => `no arrow ${a} → ${b}`),
      ...(c.forbidden ?? []).filter((e) => joins(arrows, e)).map(([a, b]) => `invented arrow ${a} → ${b}`),
    ];
    const correct = problems.length === 0;
    return { correct, judgments: [{ correct, confidence: null, abstained: false }], ...(correct ? {} : { detail: problems.join('; ') }) };
  },
});
