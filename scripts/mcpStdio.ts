// `npm run -s mcp -- --url … --key …` from a clone: the stdio bridge is the package toolgate-mcp (packages/mcp-stdio),
// run here from its TypeScript source with the repository's copies of its dependencies (`--help` for the options).
import '../packages/mcp-stdio/src/cli';
