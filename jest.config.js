/** Three levels, told apart by file name: *.unit.test.ts, *.int.test.ts, *.e2e.test.ts. */
module.exports = {
  // Jest's node environment, reporting what holds a worker process that cannot end (test/support/testEnvironment.ts).
  testEnvironment: '<rootDir>/test/support/testEnvironment.ts',
  transform: { '^.+\\.(ts|js|mjs)$': ['@swc/jest', { jsc: { target: 'es2022' }, module: { type: 'commonjs' } }] },
  // Jest's module loader cannot require() ES modules on Node 20: ESM-only dependencies are compiled to CommonJS.
  transformIgnorePatterns: [
    '/node_modules/(?!(@apidevtools/json-schema-ref-parser|jose|@mistralai/mistralai|@faker-js/faker|unified|bail|devlop|is-plain-obj|trough|vfile|vfile-message|array-iterate|fillers|hedges|weasels|quotation|parse-english|parse-latin|nlcst-[^/]+|unist-util-[^/]+|retext-[^/]+|harper\\.js)/)',
  ],
  // Lazily loaded modules are imported as `./name.js` (what Node and tsc want); jest resolves the TypeScript file.
  // harper.js exports only an ES module entry, which jest's require-based resolver does not look for: it is named.
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1', '^harper\\.js$': '<rootDir>/node_modules/harper.js/dist/index.js' },
  testMatch: ['<rootDir>/{test,activities,api,core,schema,workers,workflows,scripts}/**/*.test.ts'],
  // The production Temporal server's own suite runs with npm run test:production (jest.production.config.js).
  testPathIgnorePatterns: ['/node_modules/', '\\.production\\.test\\.ts$'],
  globalSetup: '<rootDir>/test/support/globalSetup.ts',
  globalTeardown: '<rootDir>/test/support/globalTeardown.ts',
  setupFilesAfterEnv: ['<rootDir>/test/support/closeLocalModelsAfterFile.ts'],
  testTimeout: 60_000,
  maxWorkers: 2,
};
