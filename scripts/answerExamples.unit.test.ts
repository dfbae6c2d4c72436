import Ajv from 'ajv';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../core/config/loadConfig';
import { registry, type ToolEntry } from '../schema/registry';
import { ANSWER_EXAMPLES_FILE, ANSWER_EXAMPLE_INSTANT } from '../api/discovery/answerExamples';
import { openApiDocument, openApiPath } from '../api/discovery/openApiDocument';
import { answersOffline, generateAnswerExamples, type Generated } from './answerExamples';

/** Issue 41, item 13: /docs showed `"polarity":"positive","score":-1`, an answer made up from the schema. */
const committed = JSON.parse(readFileSync(path.resolve(__dirname, '..', ANSWER_EXAMPLES_FILE), 'utf8')) as Record<string, unknown>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const document = openApiDocument(loadConfig({ APP_ENV: 'test', PUBLIC_BASE_URL: 'http://api.test' })) as any;
const DOCUMENT_ID = 'https://toolgate.test/openapi.json';
const documented = addFormats(new Ajv2020({ strict: false, allErrors: true })).addSchema({ ...document, $id: DOCUMENT_ID });
// Outputs are held to the strictness a model's answer is (activities/tools/offlineTools.unit.test.ts).
const outputs = addFormats(new Ajv({ allErrors: true, strict: true, strictRequired: false }));

// eslint-disable-next-line @typescript-eslint/no-explicit-any
const successOf = (entry: ToolEntry): any => document.paths[openApiPath(entry.path)][entry.method.toLowerCase()].responses['200'];
const exampleOf = (entry: ToolEntry): Record<string, unknown> | undefined => successOf(entry).content['application/json']?.example;
const pointer = (...parts: string[]) => parts.map((p) => p.replace(/~/g, '~0').replace(/\//g, '~1')).join('/');

let generated: Generated;
beforeAll(async () => {
  generated = await generateAnswerExamples();
}, 120_000);

describe('the answer examples of the OpenAPI document', () => {
  it(`are what the implementations answer now: ${ANSWER_EXAMPLES_FILE} is not stale (npm run openapi:examples -- --write)`, () => {
    expect(generated.skipped).toEqual(new Map());
    expect(committed).toEqual(generated.examples);
  });

  it('cover every entry that answers offline: the text tools, the analysis tools and the bundled data lookups', () => {
    const offline = registry.filter(answersOffline).map((e) => e.name);
    expect(Object.keys(committed).sort()).toEqual([...offline].sort());
    for (const name of ['sentiment', 'keywords', 'summarize', 'classify', 'data/country', 'data/timezone']) expect(offline).toContain(name);
    // Neither a model provider, the network, a database nor an identity: none of these answers offline.
    for (const name of ['write', 'data/weather', 'memory/get', 'agents/register', 'stream/analyze', 'code/run']) expect(offline).not.toContain(name);
  });

  it("are in the document, each valid against its operation's 200 schema, its output against the entry's output schema", () => {
    const withExamples = registry.filter((e) => exampleOf(e) !== undefined);
    expect(withExamples.map((e) => e.name).sort()).toEqual(Object.keys(committed).sort());
    for (const entry of withExamples) {
      const example = exampleOf(entry)!;
      const schema = `${DOCUMENT_ID}#/${pointer('paths', openApiPath(entry.path), entry.method.toLowerCase(), 'responses', '200', 'content', 'application/json', 'schema')}`;
      const validate = documented.getSchema(schema)!;
      expect([entry.name, validate(example) ? [] : validate.errors]).toEqual([entry.name, []]);
      const { _meta: meta, ...output } = example;
      const validOutput = outputs.compile(entry.output);
      expect([entry.name, validOutput(output) ? [] : validOutput.errors]).toEqual([entry.name, []]);
      // `_meta` as a key holder's call has it, with nothing that changes from run to run.
      expect(meta).toMatchObject({ endpoint: entry.path, timestamp: ANSWER_EXAMPLE_INSTANT, payment: 'key', network: 'prepaid' });
    }
  });

  it('says of /sentiment what the offline method says: a polarity its score agrees with', () => {
    const example = exampleOf(registry.find((e) => e.name === 'sentiment')!)!;
    const { polarity, score } = example as { polarity: string; score: number };
    expect(['positive', 'negative', 'neutral', 'mixed']).toContain(polarity);
    if (polarity === 'positive') expect(score).toBeGreaterThan(0);
    if (polarity === 'negative') expect(score).toBeLessThan(0);
    if (polarity === 'neutral') expect(Math.abs(score)).toBeLessThan(0.5);
    expect(example).toMatchObject({ _meta: { model: expect.stringMatching(/^local\//), endpoint: '/sentiment', cost_usd: 0.005 } });
  });

  it('leaves the other answers as they were: no example where the answer is not known', () => {
    for (const name of ['write', 'data/weather', 'memory/get']) expect(exampleOf(registry.find((e) => e.name === name)!)).toBeUndefined();
  });
});
