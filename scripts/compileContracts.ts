import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { projectRoot } from './services/paths';

const HELP = `Usage: npx tsx scripts/compileContracts.ts [--check]

Compiles the contracts of the local development chain with the solc npm package and writes each one's ABI and
bytecode as JSON next to the sources (core/x402/contracts/). The JSON is committed, so nothing compiles at run time:
run this after changing a contract, and commit both files.

  DevUsdc         the development USDC (EIP-3009), our own source
  X402UptoProxy   the spender of x402 "upto" payments, our own source, written from the scheme's interface
  Permit2         Uniswap's Permit2, compiled from the source the @uniswap/v4-periphery package ships (lib/permit2)

  --check   compile and compare with the committed JSON; exit 1 when they differ (Permit2 takes ~20 s)`;

/** The part of solc-js we use; the package ships no types. */
interface SolcCompiler {
  compile(standardJsonInput: string, callbacks?: { import: (file: string) => { contents: string } | { error: string } }): string;
  version(): string;
}

interface CompiledContract {
  abi: unknown[];
  evm: {
    bytecode: { object: string };
    deployedBytecode: { object: string; immutableReferences?: Record<string, { start: number; length: number }[]> };
  };
}

interface CompilerOutput {
  errors?: { severity: 'error' | 'warning' | 'info'; formattedMessage: string }[];
  contracts?: Record<string, Record<string, CompiledContract>>;
  sources?: Record<string, { ast: AstNode }>;
}

interface AstNode {
  nodeType?: string;
  id?: number;
  name?: string;
  nodes?: AstNode[];
}

const contractsDir = path.join(projectRoot, 'core', 'x402', 'contracts');
// Shanghai is the newest fork ganache 7 runs; Base runs it too, so the same bytecode deploys on both.
const EVM_VERSION = 'shanghai';
const sha256 = (text: string | Buffer) => createHash('sha256').update(text).digest('hex');
const solc = () => createRequire(__filename)('solc') as SolcCompiler;

function compile(sources: Record<string, string>, settings: Record<string, unknown>, selection: Record<string, Record<string, string[]>>): CompilerOutput {
  const input = {
    language: 'Solidity',
    sources: Object.fromEntries(Object.entries(sources).map(([file, content]) => [file, { content }])),
    settings: { evmVersion: EVM_VERSION, ...settings, outputSelection: selection },
  };
  const output = JSON.parse(
    solc().compile(JSON.stringify(input), { import: (file) => ({ error: `${file} is not among the sources given` }) }),
  ) as CompilerOutput;
  const problems = output.errors ?? [];
  for (const problem of problems.filter((p) => p.severity === 'error')) console.error(problem.formattedMessage);
  if (problems.some((p) => p.severity === 'error')) throw new Error(`${Object.keys(sources).join(', ')} did not compile`);
  return output;
}

/** One of our own contracts: its source beside the JSON, the creation bytecode, and (placed, not deployed) its runtime code. */
function compileOwn(name: string, withRuntimeCode: boolean): string {
  const source = readFileSync(path.join(contractsDir, `${name}.sol`), 'utf8');
  const output = compile(
    { [`${name}.sol`]: source },
    { optimizer: { enabled: true, runs: 200 } },
    { '*': { '*': ['abi', 'evm.bytecode.object', 'evm.deployedBytecode.object'] } },
  );
  const compiled = output.contracts?.[`${name}.sol`]?.[name];
  if (!compiled) throw new Error(`solc produced no ${name} contract`);
  const artifact = {
    contractName: name,
    compiler: `solc ${solc().version()}`,
    evmVersion: EVM_VERSION,
    // Lets a test notice a source edited without recompiling.
    sourceSha256: sha256(source),
    abi: compiled.abi,
    bytecode: `0x${compiled.evm.bytecode.object}`,
    ...(withRuntimeCode ? { deployedBytecode: `0x${compiled.evm.deployedBytecode.object}` } : {}),
  };
  return JSON.stringify(artifact, null, 2) + '\n';
}

const PERMIT2_PACKAGE = '@uniswap/v4-periphery';
const PERMIT2_DIR = 'lib/permit2';

/**
 * Permit2 from the Solidity its authors publish inside @uniswap/v4-periphery (MIT): the contract and the two solmate
 * files it imports, with the settings of its canonical deployment (via IR, 1,000,000 optimizer runs, no metadata hash).
 * Its files pin `pragma solidity 0.8.17`; solc-js here is the project's one compiler, so that pin is read as
 * `^0.8.17` in memory (the files on disk are untouched): the bytecode is not byte for byte the canonical one, the
 * behaviour and the EIP-712 domain are. Its runtime code is placed at the canonical address on the dev chain, with its
 * two immutables (the chain id and the domain separator built from it) filled in there, as its constructor would.
 */
function compilePermit2(): string {
  const packageDir = path.dirname(createRequire(__filename).resolve(`${PERMIT2_PACKAGE}/package.json`));
  const version = (JSON.parse(readFileSync(path.join(packageDir, 'package.json'), 'utf8')) as { version: string }).version;
  const root = path.join(packageDir, PERMIT2_DIR);
  const files = [...solidityFiles(root, 'src'), 'lib/solmate/src/tokens/ERC20.sol', 'lib/solmate/src/utils/SafeTransferLib.sol'];
  const sources = Object.fromEntries(files.map((file) => [file, readFileSync(path.join(root, file), 'utf8')]));
  const relaxed = Object.fromEntries(
    Object.entries(sources).map(([file, text]) => [file, text.replace(/pragma solidity 0\.8\.17;/, 'pragma solidity ^0.8.17;')]),
  );
  const output = compile(
    relaxed,
    { remappings: ['solmate/=lib/solmate/'], viaIR: true, optimizer: { enabled: true, runs: 1_000_000 }, metadata: { bytecodeHash: 'none' } },
    { 'src/Permit2.sol': { Permit2: ['abi', 'evm.deployedBytecode.object', 'evm.deployedBytecode.immutableReferences'] }, 'src/EIP712.sol': { '': ['ast'] } },
  );
  const compiled = output.contracts?.['src/Permit2.sol']?.Permit2;
  if (!compiled) throw new Error('solc produced no Permit2 contract');
  const names = declarationNames(output.sources?.['src/EIP712.sol']?.ast);
  const immutables = Object.fromEntries(
    Object.entries(compiled.evm.deployedBytecode.immutableReferences ?? {}).map(([id, places]) => {
      const name = names.get(Number(id));
      if (!name) throw new Error(`Permit2 has an immutable (AST id ${id}) this script does not know how to fill`);
      return [name, places];
    }),
  );
  const artifact = {
    contractName: 'Permit2',
    compiler: `solc ${solc().version()}`,
    evmVersion: EVM_VERSION,
    source: { package: PERMIT2_PACKAGE, version, path: PERMIT2_DIR, files },
    sourceSha256: sha256(files.map((file) => `${file}\n${sources[file]}`).join('\n')),
    abi: compiled.abi,
    deployedBytecode: `0x${compiled.evm.deployedBytecode.object}`,
    immutables,
  };
  return JSON.stringify(artifact, null, 2) + '\n';
}

function solidityFiles(root: string, dir: string): string[] {
  return readdirSync(path.join(root, dir))
    .sort()
    .flatMap((name) => {
      const file = path.posix.join(dir, name);
      if (statSync(path.join(root, file)).isDirectory()) return solidityFiles(root, file);
      return name.endsWith('.sol') ? [file] : [];
    });
}

/** AST id → name of every variable declared in the unit, to name the immutables solc reports by id. */
function declarationNames(ast: AstNode | undefined): Map<number, string> {
  const names = new Map<number, string>();
  const visit = (node: AstNode) => {
    if (node.nodeType === 'VariableDeclaration' && node.id !== undefined && node.name) names.set(node.id, node.name);
    for (const child of node.nodes ?? []) visit(child);
  };
  if (ast) visit(ast);
  return names;
}

export const CONTRACTS: Readonly<Record<string, () => string>> = {
  DevUsdc: () => compileOwn('DevUsdc', false),
  X402UptoProxy: () => compileOwn('X402UptoProxy', true),
  Permit2: compilePermit2,
};

function main(): void {
  const args = process.argv.slice(2);
  if (args.includes('--help') || args.includes('-h')) {
    console.log(HELP);
    return;
  }
  let stale = 0;
  for (const [name, build] of Object.entries(CONTRACTS)) {
    const file = path.join(contractsDir, `${name}.json`);
    console.error(`compiling ${name}…`);
    const artifact = build();
    if (args.includes('--check')) {
      const fresh = readFileSync(file, 'utf8') === artifact;
      if (!fresh) stale++;
      console.log(fresh ? `${path.relative(projectRoot, file)} matches the source` : `${path.relative(projectRoot, file)} is stale`);
    } else {
      writeFileSync(file, artifact);
      console.log(`wrote ${path.relative(projectRoot, file)}`);
    }
  }
  if (stale > 0) {
    console.error('run npx tsx scripts/compileContracts.ts and commit the JSON');
    process.exit(1);
  }
}

if (require.main === module) main();
