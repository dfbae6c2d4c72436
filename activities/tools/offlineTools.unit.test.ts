import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import { registry } from '../../schema/registry';
import { applyAliases } from '../../core/validation/applyAliases';
import { compileValidator } from '../../core/validation/validator';
import { systemClock } from '../../core/clock/clock';
import { toolImplementations } from '.';

const analysisTools = registry.filter((e) => ['classification', 'documents', 'structure'].includes(e.family));
const offlineTools = registry.filter((e) => toolImplementations[e.name]?.offline);

// The same strictness the API compiles request schemas with; outputs are checked the way a model's answer would be.
const outputs = addFormats(new Ajv({ allErrors: true, strict: true, strictRequired: false }));

describe('offline tools', () => {
  it.each(offlineTools.map((t) => [t.name, t] as const))('%s: the example is valid input and the local answer fits the output schema', async (name, entry) => {
    const check = compileValidator(entry.input, 'body');
    const validated = check(applyAliases({ ...entry.example }, entry.aliases));
    if (!validated.ok) throw new Error(JSON.stringify(validated.problems));
    const result = await toolImplementations[name]!.offline!(validated.value, { clock: systemClock });
    expect(result.model).toMatch(/^local\/[a-z0-9-]+$/);
    const validate = outputs.compile(entry.output);
    if (!validate(result.output)) throw new Error(`${name}: ${JSON.stringify(validate.errors)}`);
  });

  // Fuzzing found /proofread answering null (NaN) for "_": text with no words must still fit the schema, or be refused.
  const textTools = offlineTools.filter((e) => typeof e.example?.text === 'string');
  it.each(textTools.flatMap((t) => ['_', '.', ' ', '0'].map((text) => [t.name, JSON.stringify(text), t, text] as const)))(
    '%s over the text %s: an answer that fits the output schema, or a refusal of the input',
    async (name, _, entry, text) => {
      const check = compileValidator(entry.input, 'body');
      const validated = check(applyAliases({ ...entry.example, text }, entry.aliases));
      if (!validated.ok) return;
      let result;
      try {
        result = await toolImplementations[name]!.offline!(validated.value, { clock: systemClock });
      } catch (error) {
        expect(error).toMatchObject({ type: 'InvalidInput' });
        return;
      }
      const validate = outputs.compile(entry.output);
      if (!validate(JSON.parse(JSON.stringify(result.output)))) throw new Error(`${name}: ${JSON.stringify(validate.errors)}`);
    },
  );

  it('prices classify, compare and action at exactly 0.01 USD and keeps every price within 0.005–0.02', () => {
    const price = (name: string) => analysisTools.find((t) => t.name === name)!.price;
    for (const name of ['classify', 'compare', 'action']) expect(price(name)).toBe(10_000);
    for (const t of analysisTools) expect(t.price >= 5_000 && t.price <= 20_000).toBe(true);
  });

  it('accepts `content` for the text of every text tool, and `question` with `document` for qa', () => {
    const qa = analysisTools.find((t) => t.name === 'qa')!;
    const check = compileValidator(qa.input, 'body');
    expect(check(applyAliases({ question: 'Who?', document: 'Ada wrote it.' }, qa.aliases)).ok).toBe(true);
    for (const t of analysisTools.filter((e) => 'text' in (e.input.properties as object) && (e.input.required as readonly string[]).includes('text'))) {
      expect(Object.entries(t.aliases ?? {}).some(([alias, canonical]) => alias === 'content' && canonical === 'text')).toBe(true);
    }
  });
});
