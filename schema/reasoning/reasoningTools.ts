import { usdToMicros } from '../money';
import { MAX_TEXT, modelField, object } from '../registry/fields';
import { list, num, setting, str, strings, textInput, unit } from '../registry/shapes';
import type { JsonSchema, ToolDraft } from '../registry/types';

/** Tools that weigh, plan and judge. All but /analyze need a generative model; /analyze has an offline method too. */
const generative = { method: 'POST', category: 'text-ai', premium: false, freeTier: true, execution: 'activity', model: 'generative' } as const;

/** A source the caller supplies to /research: text to read, optionally titled and with its address. */
const sourceSpec = {
  anyOf: [
    { type: 'string', minLength: 1, maxLength: MAX_TEXT },
    object(
      { title: { type: 'string', maxLength: 500 }, url: { type: 'string', maxLength: 2000 }, text: { type: 'string', minLength: 1, maxLength: MAX_TEXT } },
      ['text'],
    ),
  ],
} as const satisfies JsonSchema;

const citation = object({ marker: { type: 'integer', minimum: 1 }, title: str, url: str, source: { type: 'integer', minimum: 1 }, quote: str }, [
  'marker',
  'title',
]);

export const researchInput = object(
  {
    topic: textInput('What to research.', 2000),
    depth: { enum: ['quick', 'standard', 'deep'], default: 'standard' },
    sources: { type: 'array', items: sourceSpec, maxItems: 20, description: 'Texts to synthesise from, cited by their position (1 = first).' },
    focus: setting('Angle or questions the research should answer.', 2000),
    model: modelField,
  },
  ['topic'],
);

export const analyzeInput = object(
  {
    text: textInput('The text to analyse.'),
    data: {
      anyOf: [{ type: 'object' }, { type: 'array' }],
      description: 'JSON data to analyse (records, a table as rows, figures) instead of, or beside, text.',
    },
    focus: setting('What to look for.', 2000),
    model: modelField,
  },
  [],
  { anyOf: [{ required: ['text'] }, { required: ['data'] }] },
);

export const researchAliases = { query: 'topic', question: 'topic', text: 'topic', content: 'topic', documents: 'sources' } as const;
export const analyzeAliases = { content: 'text', question: 'focus' } as const;

export const reasoningTools = [
  {
    ...generative,
    name: 'research',
    title: 'Research a topic',
    online: true,
    path: '/research',
    summary: 'Research a topic: a synthesis with key findings and citations',
    price: usdToMicros('0.05'),
    premium: true,
    freeTier: false,
    need: 'reasoning',
    maxOutputTokens: 3000,
    input: researchInput,
    output: object(
      {
        topic: str,
        summary: str,
        key_findings: strings,
        sections: { type: 'array', items: object({ heading: str, content: str }, ['heading', 'content']) },
        citations: { type: 'array', items: citation },
        confidence: unit,
        follow_up_questions: strings,
      },
      ['topic', 'summary', 'key_findings', 'citations', 'confidence'],
    ),
    aliases: researchAliases,
    prompt:
      'Research the topic and synthesise what is known: a summary, the key findings, sections for depth "standard" or "deep". Cite with [n] markers in the text and list each in `citations`. When sources are supplied, rely on them first and cite them by position in `source` with a short verbatim `quote`. Otherwise cite only well-known public works you are sure exist, leaving `url` out when unsure; never invent a URL or a quote.',
    example: { topic: 'How event sourcing keeps ledgers auditable', depth: 'quick' },
  },
  {
    name: 'analyze',
    title: 'Analyze text or data',
    path: '/analyze',
    method: 'POST',
    category: 'text-ai',
    summary: 'Structured insights on a text or on JSON data',
    price: usdToMicros('0.01'),
    premium: false,
    freeTier: true,
    execution: 'local-activity',
    model: 'local-capable',
    maxOutputTokens: 2000,
    input: analyzeInput,
    output: object(
      {
        summary: str,
        key_points: strings,
        sentiment: object({ polarity: { enum: ['positive', 'negative', 'neutral', 'mixed'] }, score: { type: 'number', minimum: -1, maximum: 1 } }, [
          'polarity',
          'score',
        ]),
        topics: strings,
        insights: { type: 'array', items: object({ insight: str, evidence: str }, ['insight']) },
        statistics: { type: 'object', description: 'Counts and figures: words and sentences of a text; records, fields and numeric ranges of data.' },
      },
      ['summary', 'key_points', 'sentiment', 'topics', 'insights'],
    ),
    aliases: analyzeAliases,
    prompt:
      'Analyse the text and/or data with the focus given: a short summary, key points, overall sentiment (score from -1 to 1), main topics, and insights a reader would not see at a glance, each with its evidence. Put figures you computed in `statistics`.',
    example: { text: 'Sales rose 12% in March while support tickets doubled; customers praise the new app but complain about slow refunds.' },
  },
  {
    ...generative,
    name: 'plan',
    title: 'Step-by-step plan',
    path: '/plan',
    summary: 'A step-by-step plan with an effort estimate and the first action',
    price: usdToMicros('0.01'),
    maxOutputTokens: 2000,
    input: object(
      {
        goal: textInput('What the plan must achieve.', 5000),
        context: setting('Situation, resources, what exists already.', 10_000),
        constraints: list('Limits the plan must respect (budget, deadline, people).'),
        max_steps: { type: 'integer', minimum: 1, maximum: 30, default: 8 },
        model: modelField,
      },
      ['goal'],
    ),
    output: object(
      {
        goal: str,
        steps: {
          type: 'array',
          items: object(
            { step: { type: 'integer', minimum: 1 }, title: str, description: str, effort: str, depends_on: { type: 'array', items: { type: 'integer' } } },
            ['step', 'title', 'description'],
          ),
        },
        effort_estimate: object({ total: str, hours: num }, ['total']),
        first_action: str,
        risks: strings,
      },
      ['goal', 'steps', 'effort_estimate', 'first_action'],
    ),
    aliases: { text: 'goal', content: 'goal', objective: 'goal', task: 'goal' },
    prompt:
      'Plan how to reach the goal within the constraints: at most max_steps ordered steps, each with its effort ("2 hours", "3 days") and the steps it depends on; the total effort; the very first concrete action to take today; and the main risks.',
    example: { goal: 'Launch a public beta of our API in six weeks', constraints: ['two engineers', 'no paid marketing'] },
  },
  {
    ...generative,
    name: 'decide',
    title: 'Weigh a decision',
    path: '/decide',
    summary: 'Pros, cons, risks, a recommendation and its confidence',
    price: usdToMicros('0.01'),
    maxOutputTokens: 1500,
    input: object(
      {
        decision: textInput('The decision or question to weigh.', 5000),
        options: list('The options to choose between; without them, the decision is yes or no.', 10, 500),
        criteria: list('What matters most.'),
        context: setting('Facts the decision depends on.', 10_000),
        model: modelField,
      },
      ['decision'],
    ),
    output: object(
      {
        decision: str,
        pros: strings,
        cons: strings,
        risks: strings,
        recommendation: str,
        confidence: unit,
        option_scores: { type: 'array', items: object({ option: str, score: unit, rationale: str }, ['option', 'score']) },
      },
      ['pros', 'cons', 'risks', 'recommendation', 'confidence'],
    ),
    aliases: { text: 'decision', content: 'decision', question: 'decision', choices: 'options' },
    prompt:
      'Weigh the decision against the criteria: pros, cons and risks of the leading choice, one clear recommendation, and your confidence in it (0 to 1). When options are given, score each in `option_scores`.',
    example: { decision: 'Should we self-host PostgreSQL or use a managed service?', criteria: ['cost', 'operations effort'] },
  },
  {
    ...generative,
    name: 'debate',
    title: 'Debate both sides',
    path: '/debate',
    summary: 'Arguments for and against, their strengths, and a verdict',
    price: usdToMicros('0.02'),
    maxOutputTokens: 2000,
    input: object(
      {
        topic: textInput('The motion or question to debate.', 5000),
        rounds: { type: 'integer', minimum: 1, maximum: 5, default: 3, description: 'Arguments per side.' },
        context: setting('Facts both sides may use.', 10_000),
        model: modelField,
      },
      ['topic'],
    ),
    output: object(
      {
        topic: str,
        arguments_for: { type: 'array', items: object({ argument: str, strength: unit }, ['argument', 'strength']) },
        arguments_against: { type: 'array', items: object({ argument: str, strength: unit }, ['argument', 'strength']) },
        strengths: object({ for: str, against: str }, ['for', 'against']),
        verdict: str,
        leaning: { enum: ['for', 'against', 'balanced'] },
      },
      ['arguments_for', 'arguments_against', 'strengths', 'verdict', 'leaning'],
    ),
    aliases: { text: 'topic', content: 'topic', motion: 'topic', question: 'topic' },
    prompt:
      'Argue both sides of the motion fairly: `rounds` arguments for and as many against, each with its strength (0 to 1); in `strengths`, the strongest point of each side; then an impartial verdict and which way it leans.',
    example: { topic: 'Remote work is better for software teams', rounds: 2 },
  },
  {
    ...generative,
    name: 'fact',
    title: 'Factual claims',
    path: '/fact',
    summary: 'The factual claims in a text, each with a verifiability score',
    price: usdToMicros('0.02'),
    maxOutputTokens: 2000,
    input: object({ text: textInput('The text whose claims to list.'), model: modelField }, ['text']),
    output: object(
      {
        claims: {
          type: 'array',
          items: object(
            {
              claim: str,
              verifiability_score: { ...unit, description: 'How checkable the claim is against public evidence (1: easily).' },
              type: { enum: ['statistic', 'date', 'event', 'quote', 'definition', 'causal', 'comparison', 'other'] },
              assessment: { enum: ['likely-true', 'likely-false', 'disputed', 'unverifiable'] },
              how_to_verify: str,
            },
            ['claim', 'verifiability_score', 'type', 'assessment'],
          ),
        },
        opinions: { ...strings, description: 'Statements of opinion, which are not factual claims.' },
      },
      ['claims'],
    ),
    aliases: { content: 'text', claim: 'text' },
    prompt:
      'List every factual claim in the text, in order, each with how verifiable it is (0 to 1), its type, your assessment from general knowledge (say "unverifiable" rather than guess), and how a reader could verify it. Put statements of opinion in `opinions`.',
    example: { text: 'The Eiffel Tower, built in 1889, is the best monument in Paris and attracts about 7 million visitors a year.' },
  },
  {
    ...generative,
    name: 'enrich',
    title: 'Entity profile',
    path: '/enrich',
    summary: 'A unified profile of an entity: company, person, product, place or topic',
    price: usdToMicros('0.02'),
    maxOutputTokens: 1500,
    input: object(
      {
        entity: textInput('The entity: a name, a domain, or a short description.', 2000),
        type: { enum: ['auto', 'company', 'person', 'product', 'place', 'organization', 'topic'], default: 'auto' },
        fields: list('Attributes wanted (e.g. founded, headquarters, industry); defaults to the usual ones for the type.', 50, 200),
        context: setting('Known facts that tell this entity apart from others with the same name.', 5000),
        model: modelField,
      },
      ['entity'],
    ),
    output: object(
      {
        entity: str,
        type: { enum: ['company', 'person', 'product', 'place', 'organization', 'topic'] },
        summary: str,
        attributes: { type: 'object', description: 'Attribute name → value; null when not known.' },
        aliases: strings,
        related: strings,
        links: { type: 'array', items: object({ label: str, url: str }, ['label', 'url']) },
        confidence: unit,
      },
      ['entity', 'type', 'summary', 'attributes', 'confidence'],
    ),
    aliases: { text: 'entity', content: 'entity', name: 'entity', query: 'entity', domain: 'entity' },
    prompt:
      'Build a profile of the entity from general knowledge: its type, a short summary, the requested attributes (null when not known, never guessed), other names it goes by, related entities, official links you are sure of, and your confidence that the profile is about the right entity.',
    example: { entity: 'PostgreSQL', type: 'product', fields: ['first_release', 'license', 'written_in'] },
  },
] as const satisfies readonly ToolDraft[];
