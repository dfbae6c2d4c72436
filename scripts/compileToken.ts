import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { projectRoot } from './services/paths';

const HELP = `Usage: npx tsx scripts/compileToken.ts [--check]

Compiles the development USDC (core/x402/contracts/DevUsdc.sol) with the solc npm package and
writes its ABI and bytecode to DevUsdc.json next to the source. The JSON is committed, so nothing
compiles at run time: run this after changing the contract, and commit both files.

  --check   compile and compare with the committed JSON; exit 1 when they differ`;

/** The part of solc-js we use; the package ships no types. */
interface SolcCompiler {
  compile(standardJsonInput: string): string;
  version(): string;
}

interface CompilerOutput {
  errors?: { severity: 'error' | 'warning' | 'info'; formattedMessage: string }[];
  contracts?: Record<string, Record<string, { abi: unknown[]; evm: { bytecode: { object: string } } }>>;
}

export const CONTRACT_NAME = 'DevUsdc';
const contractsDir = path.join(projectRoot, 'core', 'x402', 'contracts');
const sourceFile = path.join(contractsDir, `${CONTRACT_NAME}.sol`);
const artifactFile = path.join(contractsDir, `${CONTRACT_NAME}.json`);
// Shanghai is the newest fork ganache 7 runs; Base runs it too, so the same bytecode deploys on both.
const EVM_VERSION = 'shanghai';

export function compileToken(): string {
  const solc = createRequire(__filename)('solc') as SolcCompiler;
  const source = readFileSync(sourceFile, 'utf8');
  const input = {
    language: 'Solidity',
    sources: { [`${CONTRACT_NAME}.sol`]: { content: source } },
    settings: {
      evmVersion: EVM_VERSION,
      optimizer: { enabled: true, runs: 200 },
      outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object'] } },
    },
  };
  const output = JSON.parse(solc.compile(JSON.stringify(input))) as CompilerOutput;
  const problems = output.errors ?? [];
  for (const problem of problems) console.error(problem.formattedMessage);
  if (problems.some((p) => p.severity === 'error')) throw new Error(`${CONTRACT_NAME}.sol did not compile`);
  const compiled = output.contracts?.[`${CONTRACT_NAME}.sol`]?.[CONTRACT_NAME];
  if (!compiled) throw new Error(`solc produced no ${CONTRACT_NAME} contract`);
  const artifact = {
    contractName: CONTRACT_NAME,
    compiler: `solc ${solc.version()}`,
    evmVersion: EVM_VERSION,
    // Lets a test notice a source edited without recompiling.
    sourceSha256: createHash('sha256').update(source).digest('hex'),
    abi: compiled.abi,
    bytecode: `0x${compiled.evm.bytecode.object}`,
  };
  return JSON.stringify(artifact, null, 2) + '\n';
}

function main(): void {
  const args = process.argv.slice(2);
  if (args.includes('--help') || args.includes('-h')) {
    console.log(HELP);
    return;
  }
  const artifact = compileToken();
  if (args.includes('--check')) {
    const committed = readFileSync(artifactFile, 'utf8');
    if (committed !== artifact) {
      console.error(`${path.relative(projectRoot, artifactFile)} is stale: run npx tsx scripts/compileToken.ts`);
      process.exit(1);
    }
    console.log(`${path.relative(projectRoot, artifactFile)} matches the source`);
    return;
  }
  writeFileSync(artifactFile, artifact);
  console.log(`wrote ${path.relative(projectRoot, artifactFile)}`);
}

if (require.main === module) main();
