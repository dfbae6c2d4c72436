import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import { toolImplementations } from '..';
import { applyAliases } from '../../../core/validation/applyAliases';
import { compileValidator } from '../../../core/validation/validator';
import { byName, registry } from '../../../schema/registry';

/** Spec §4.1, without the orchestration tools (workflow, agent, agent/stream, batch, pipeline, chain, api-call) another part delivers. */
const SPEC_AI_TOOLS = [
  'research',
  'summarize',
  'analyze',
  'translate',
  'social',
  'write',
  'code',
  'qa',
  'classify',
  'sentiment',
  'keywords',
  'compare',
  'transform',
  'chat',
  'plan',
  'decide',
  'proofread',
  'explain',
  'questions',
  'outline',
  'email',
  'sql',
  'regex',
  'mock',
  'score',
  'timeline',
  'action',
  'pitch',
  'debate',
  'headline',
  'fact',
  'rewrite',
  'tag',
  'rag',
  'diagram',
  'json-schema',
  'test-cases',
  'changelog',
  'convert-code',
  'code/run',
  'vision',
  'extract',
  'enrich',
  'stream/research',
  'stream/write',
  'stream/analyze',
];
// Orchestration endpoints (priced and streamed as the spec says) have their own test: orchestrationRegistry.unit.test.ts;
// a custom agent's run (an orchestration of the customAgents family) has schema/customAgents tests and its e2e.
// Embeddings are a model capability of their own (schema/embeddings/embeddingTools.ts), billed per token.
const modelTools = registry.filter((e) => e.model !== 'none' && e.model !== 'embedding' && e.category !== 'orchestration' && !e.orchestration);
const outputs = addFormats(new Ajv({ strict: true, strictRequired: false }));

describe('the registry of model-backed tools', () => {
  it('has one POST entry for every AI endpoint of spec §4.1 and for /v1/messages and /preview', () => {
    for (const name of [...SPEC_AI_TOOLS, 'v1/messages', 'preview']) {
      const entry = byName.get(name);
      expect({ name, path: entry?.path, method: entry?.method }).toEqual({ name, path: `/${name}`, method: 'POST' });
    }
  });

  it("keeps the spec's prices exactly and the others between 0.005 and 0.05 USD", () => {
    const usd = {
      action: 10_000,
      analyze: 10_000,
      changelog: 20_000,
      chat: 20_000,
      classify: 10_000,
      code: 20_000,
      'code/run': 20_000,
      compare: 10_000,
      'convert-code': 30_000,
    };
    for (const [name, micros] of Object.entries(usd)) expect([name, byName.get(name)!.price]).toEqual([name, micros]);
    for (const entry of modelTools.filter((e) => e.name !== 'preview')) expect(entry.price >= 5_000 && entry.price <= 50_000).toBe(true);
    expect(byName.get('preview')!.price).toBe(0);
  });

  it('marks /research, /stream/research and /vision premium, outside the free tier', () => {
    for (const name of ['research', 'stream/research', 'vision']) expect(byName.get(name)).toMatchObject({ premium: true, freeTier: false });
    expect(
      modelTools
        .filter((e) => e.premium)
        .map((e) => e.name)
        .sort(),
    ).toEqual(['research', 'stream/research', 'vision']);
  });

  it('gives every model-backed tool a prompt, a `model` field, and an output schema that compiles', () => {
    for (const entry of modelTools) {
      // A vendor's format (/v1/messages, /v1/chat/completions) carries the caller's own instructions.
      expect([entry.name, typeof entry.prompt === 'string' || entry.wire !== undefined]).toEqual([entry.name, true]);
      expect([entry.name, Object.keys(entry.input.properties as object)]).toEqual([entry.name, expect.arrayContaining(['model'])]);
      expect(() => outputs.compile(entry.output)).not.toThrow();
    }
  });

  it('accepts every example as input, and `content` (or `text`) for the text of every text tool', () => {
    for (const entry of registry.filter((e) => e.model !== 'none' || e.name === 'code/run')) {
      const check = compileValidator(entry.input, 'body');
      const result = check(applyAliases({ ...entry.example }, entry.aliases));
      expect([entry.name, result.ok ? 'ok' : result.problems]).toEqual([entry.name, 'ok']);
      const fields = Object.keys(entry.input.properties as object);
      const takesText = fields.includes('text') || Object.keys(entry.aliases ?? {}).includes('text');
      expect([entry.name, takesText || entry.wire !== undefined || entry.name === 'json-schema']).toEqual([entry.name, true]);
    }
  });

  it('accepts the aliases the spec shows: topic/query/question for research, target/language for translate', () => {
    const research = compileValidator(byName.get('research')!.input, 'body');
    for (const alias of ['topic', 'query', 'question']) expect(research(applyAliases({ [alias]: 'ledgers' }, byName.get('research')!.aliases)).ok).toBe(true);
    const translate = compileValidator(byName.get('translate')!.input, 'body');
    for (const alias of ['target', 'language']) {
      expect(translate(applyAliases({ content: 'Hallo', [alias]: 'English' }, byName.get('translate')!.aliases)).ok).toBe(true);
    }
    const chat = compileValidator(byName.get('chat')!.input, 'body');
    expect(chat({ messages: [{ role: 'user', content: 'hi' }], stream: true }).ok).toBe(true);
  });

  it('names the fields each purpose names in the output schemas', () => {
    const required = (name: string) => byName.get(name)!.output.required;
    expect(required('decide')).toEqual(['pros', 'cons', 'risks', 'recommendation', 'confidence']);
    expect(required('pitch')).toEqual(['hook', 'value_proposition', 'call_to_action', 'script']);
    expect(required('email')).toEqual(['subject', 'body']);
    expect(required('explain')).toEqual(expect.arrayContaining(['analogy', 'key_points', 'misconceptions']));
    expect(required('compare')).toEqual(expect.arrayContaining(['similarity_score', 'similarities', 'differences', 'recommendation']));
    expect(required('code/run')).toEqual(expect.arrayContaining(['stdout', 'stderr', 'exit_code']));
  });

  it('has an offline method exactly for the tools that say they can run on `local`', () => {
    const capable = registry
      .filter((e) => e.model === 'local-capable')
      .map((e) => e.name)
      .sort();
    const offline = Object.entries(toolImplementations)
      .filter(([, implementation]) => implementation.offline)
      .map(([name]) => name)
      .sort();
    expect(offline).toEqual(capable);
  });

  it('streams /stream/* always and /chat on request, and runs model-only tools as queued activities', () => {
    expect(
      modelTools
        .filter((e) => e.streaming === 'always')
        .map((e) => e.name)
        .sort(),
    ).toEqual(['stream/analyze', 'stream/research', 'stream/write']);
    expect(byName.get('chat')!.streaming).toBe('on-request');
    for (const entry of registry.filter((e) => e.model === 'generative')) expect([entry.name, entry.execution]).toEqual([entry.name, 'activity']);
  });
});
