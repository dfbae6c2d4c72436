/**
 * `npm run test:production`: the suites that prove the service on the production Temporal server (built from
 * go.temporal.io/server: PostgreSQL persistence, SQL visibility, 4 history shards, mTLS), which the global setup
 * starts when TEST_TEMPORAL=production. Not part of `npm test` (CI): the server's first build takes ~10–15 minutes.
 */
// eslint-disable-next-line @typescript-eslint/no-require-imports -- a CommonJS config extending the other
const base = require('./jest.config');

module.exports = {
  ...base,
  testPathIgnorePatterns: ['/node_modules/'],
  testMatch: [
    '<rootDir>/test/production/**/*.production.test.ts',
    // The same suites as on the dev server, here on the production one: two APIs and two workers, the connection's
    // TLS, mTLS and API key, and a call end to end with its search attributes on SQL visibility.
    '<rootDir>/test/e2e/scaleOut.e2e.test.ts',
    '<rootDir>/test/e2e/temporalSecuredConnection.e2e.test.ts',
    '<rootDir>/test/e2e/toolCall.e2e.test.ts',
    '<rootDir>/test/e2e/keyChangesInFlight.e2e.test.ts',
  ],
};
