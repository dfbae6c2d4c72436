import type { StoredEventOf } from '../eventStore/types';
import type { Projection } from '../projections/types';

export interface SkillRow {
  skill_id: string;
  description: string;
  category: string;
  tags: string[];
  tool: string;
  params: Record<string, unknown>;
  template: string;
  input_schema: Record<string, unknown>;
  model: string | null;
  example: Record<string, unknown> | null;
  creator: string | null;
  created_at: Date;
}

/** The skills library, searched by /skills/search. Inline: a created skill is found by the very next search. */
export const skills: Projection<SkillRow> = {
  name: 'skills',
  version: 1,
  mode: 'inline',
  table: 'skills',
  columns: {
    skill_id: 'text',
    description: 'text',
    category: 'text',
    tags: 'jsonb',
    tool: 'text',
    params: 'jsonb',
    template: 'text',
    input_schema: 'jsonb',
    model: 'text',
    example: 'jsonb',
    creator: 'text',
    created_at: 'timestamptz',
  },
  key: ['skill_id'],
  indexes: [['category']],
  handles: ['SkillCreated'],
  keysOf: (stored) => [{ skill_id: (stored as StoredEventOf<'SkillCreated'>).data.skillId }],
  initial: (key, event) => ({
    skill_id: key.skill_id as string,
    description: '',
    category: '',
    tags: [],
    tool: '',
    params: {},
    template: '',
    input_schema: {},
    model: null,
    example: null,
    creator: null,
    created_at: event.recordedAt,
  }),
  evolve(row, stored) {
    const d = (stored as StoredEventOf<'SkillCreated'>).data;
    return {
      ...row,
      description: d.description,
      category: d.category,
      tags: d.tags,
      tool: d.tool,
      params: d.params,
      template: d.template,
      input_schema: d.inputSchema as Record<string, unknown>,
      model: d.model,
      example: d.example,
      creator: d.creator,
    };
  },
};
