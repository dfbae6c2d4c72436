import { execFile } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { createSelfHostedFacilitator } from '../../core/x402';
import { projectRoot } from '../../scripts/services/paths';
import { json } from '../support/json';
import { type LocalChain, startLocalChain } from '../support/localChain';
import { modelEnv } from '../support/modelEnv';
import { type ScriptedModelServer, startScriptedModelServer } from '../support/scriptedModelServer';
import { SiteServer } from '../support/siteServer';
import { startTestService, type TestService } from '../support/testService';
import { waitFor } from '../support/waitFor';

/**
 * Issue 30: the README's examples run verbatim. Every fenced block of the README and of its guides under docs/ (where
 * the README's sections moved, issue 45) that calls the service is run as a reader would paste it; the README's short
 * examples are lines of those blocks, word for word, so they run with them. They run against a test service set up
 * as a fresh `npm start` is (no model provider configured: the tools that have an offline method answer offline), with a local chain for x402 and a local OpenAI-compatible model
 * server found by the probe (as Ollama would be) for `auto` on the vendor routes, and with one change: `localhost:3000` is this service's address (for `npm run pay`, its documented BASE_URL
 * and DATA_DIR). The scrape example's `https://example.com/` is a local page, since this machine has no internet.
 * The key a reader copies from `/auth/generate-key`'s answer into `$KEY` is copied the same way here. The MCP section's
 * commands (the Inspector CLI's, inline rather than in blocks) are run by mcpInspector.e2e.test.ts.
 */

interface Block {
  readonly file: string;
  readonly heading: string;
  readonly lang: string;
  readonly code: string;
}

/** The README and the guides its sections moved to. */
const DOCUMENTS = ['README.md', 'docs/callers.md', 'docs/agents-and-payments.md', 'docs/operating.md', 'docs/contributing.md', 'docs/configuration.md'];

/** The fenced blocks of the README and its guides, each with its file and the heading it sits under. */
function readmeBlocks(): Block[] {
  const blocks: Block[] = [];
  for (const file of DOCUMENTS) {
    let heading = '';
    let open: { lang: string; lines: string[] } | undefined;
    for (const line of readFileSync(path.join(projectRoot, file), 'utf8').split('\n')) {
      if (open) {
        if (line.startsWith('```')) {
          blocks.push({ file, heading, lang: open.lang, code: open.lines.join('\n') });
          open = undefined;
        } else open.lines.push(line);
      } else if (line.startsWith('```')) open = { lang: line.slice(3).trim(), lines: [] };
      else if (line.startsWith('#')) heading = line.replace(/^#+\s*/, '');
    }
  }
  return blocks;
}

const label = (block: Block) => `${block.file} ${block.heading} ${block.lang}`;

/** The blocks run here (the A2A one by test/e2e/a2a.e2e.test.ts, beside the rest of A2A), where they sit. */
const RUN = [
  'README.md Calling it sh',
  'docs/callers.md OpenAI and Anthropic clients ts',
  'docs/agents-and-payments.md Paying with x402 sh',
  'docs/agents-and-payments.md Paying with x402 ts',
  'docs/agents-and-payments.md A2A agents ts',
];

/** Blocks that call a running service: they name its address or pay it with `npm run pay`. */
const callsTheService = (block: Block) => /localhost:3000|npm run pay/.test(block.code);

const blockUnder = (heading: string, lang: string) => {
  const found = readmeBlocks().filter((b) => b.heading === heading && b.lang === lang && callsTheService(b) && RUN.includes(label(b)));
  if (found.length !== 1) throw new Error(`expected one ${lang} block calling the service under "${heading}", found ${found.length}`);
  return found[0]!.code;
};

/** A shell block's commands: continuation lines joined, comment-only and blank lines left out (bash reads the rest). */
const commandsOf = (code: string) =>
  code
    .replace(/\\\n/g, ' ')
    .split('\n')
    .filter((line) => line.trim() && !line.trim().startsWith('#'));

let local: LocalChain;
let model: ScriptedModelServer;
let site: SiteServer;
let service: TestService;
/** Where a reader's pasted code runs: the example file, node_modules of this project, and .data/dev-chain.json. */
let workDir: string;
/** What the reader has put in $KEY: the key /auth/generate-key showed them. */
let KEY = '';
/** What the local server (Ollama, say) serves. */
const LOCAL_MODEL = 'llama3.2:3b';

const ARTICLE = `<!doctype html><html lang="en"><head><title>Example Domain</title></head><body><article><h1>Example Domain</h1>
<p>This domain is for use in documentation examples without needing permission. Avoid use in operations, and use it
freely in illustrative examples in documents, in books and in the articles anyone writes about protocols.</p></article></body></html>`;

beforeAll(async () => {
  [local, model, site] = await Promise.all([
    startLocalChain(),
    startScriptedModelServer({ models: [LOCAL_MODEL] }),
    SiteServer.start(() => ({ '/': { body: ARTICLE } })),
  ]);
  const x402 = {
    terms: local.terms,
    facilitator: createSelfHostedFacilitator({ rpcUrl: local.chain.rpcUrl, privateKey: local.chain.facilitatorPrivateKey, pollingIntervalMs: 100 }),
    rpcUrl: local.chain.rpcUrl,
  };
  // One free call a day, so the README's first call is free and `npm run pay -- POST /sentiment` is then paid.
  const probe = { LOCAL_MODEL_PROBE: 'true', LOCAL_MODEL_SERVERS: new URL(model.baseUrl).port, LOCAL_MODEL_PROBE_TIMEOUT_MS: '1000' };
  service = await startTestService({ env: { ...modelEnv(), ...probe, FREE_TIER_DAILY: '1' }, x402 });
  await waitFor(
    async () => (await json(fetch(`${service.baseUrl}/v1/models`))).data.some((m: { id: string }) => m.id === LOCAL_MODEL),
    'the probe to find the local model server',
  );
  workDir = mkdtempSync(path.join(os.tmpdir(), 'readme-examples-'));
  symlinkSync(path.join(projectRoot, 'node_modules'), path.join(workDir, 'node_modules'));
  mkdirSync(path.join(workDir, '.data'));
  copyFileSync(path.join(local.dataDir, 'dev-chain.json'), path.join(workDir, '.data', 'dev-chain.json'));
}, 120_000);
afterAll(async () => {
  await service?.stop();
  await Promise.all([local?.stop(), model?.close(), site?.stop()]);
  if (workDir) rmSync(workDir, { recursive: true, force: true });
});

const here = (text: string) => text.replace(/(http:\/\/)?localhost:3000/g, service.baseUrl);

/** One command of a shell block, run by bash as pasted (the address aside), with $KEY set; stdout and stderr. */
async function sh(command: string): Promise<{ stdout: string; stderr: string }> {
  return promisify(execFile)('bash', ['-c', here(command)], {
    cwd: projectRoot,
    env: { ...process.env, KEY, BASE_URL: service.baseUrl, DATA_DIR: local.dataDir },
    maxBuffer: 16 * 1024 * 1024,
  });
}

/**
 * A code block saved as a reader's module and run by plain Node as an ES module (top-level await), with an epilogue
 * that prints what it made: no TypeScript loader, so a block that needs one (a JSON import without its `with { type:
 * 'json' }`, a type annotation) fails here as it would for a reader.
 */
async function runTs(code: string, name: string, epilogue: string): Promise<Record<string, unknown>> {
  const file = path.join(workDir, `${name}.mjs`);
  writeFileSync(file, `${here(code)}\n\n// The test's own epilogue: what the example made, as JSON.\n${epilogue}\n`);
  const { stdout } = await promisify(execFile)(process.execPath, [file], {
    cwd: workDir,
    env: { ...process.env, KEY },
  });
  return JSON.parse(stdout.trim().split('\n').at(-1)!);
}

const status = async () => json(fetch(`${service.baseUrl}/auth/status`, { headers: { Authorization: `Bearer ${KEY}` } }));

describe("the README's examples, run as pasted", () => {
  it('runs every block that calls the service: none is left out', () => {
    const calling = readmeBlocks().filter(callsTheService);
    const run = calling.filter((b) => RUN.includes(label(b)));
    expect(run.map(label)).toEqual(RUN);
    // The rest are the README's short examples: each is lines of a block run here, word for word, so it runs with it.
    const excerpts = calling.filter((b) => !RUN.includes(label(b)));
    expect(excerpts.map((b) => b.file)).toEqual(excerpts.map(() => 'README.md'));
    for (const block of excerpts) expect([label(block), run.some((r) => r.lang === block.lang && r.code.includes(block.code))]).toEqual([label(block), true]);
    expect(excerpts.map(label)).toEqual(['README.md The OpenAI SDK ts', 'README.md x402 sh', 'README.md A2A ts']);
  });

  it('Calling it: the front door, the free call, a key with trial credit, a paid summary and the usage that shows it', async () => {
    const [door, free, generate, summarize, usage, ...more] = commandsOf(blockUnder('Calling it', 'sh'));
    expect(more).toEqual([]);

    const links = JSON.parse((await sh(door!)).stdout).links;
    for (const [name, where] of Object.entries({ docs: '/docs', dashboard: '/dashboard', status: '/status', mcp: '/mcp' }))
      expect([name, links[name]]).toEqual([name, `${service.config.publicBaseUrl}${where}`]);
    expect(links.a2a_agent_card).toMatch(/\/\.well-known\/agent(-card)?\.json$/);

    const sentiment = JSON.parse((await sh(free!)).stdout);
    expect(sentiment).toMatchObject({ polarity: 'positive', _meta: { endpoint: '/sentiment', network: 'free-tier', cost_usd: 0 } });

    const key = JSON.parse((await sh(generate!)).stdout);
    expect(key).toMatchObject({ key: expect.stringMatching(/^apk_/), balance_usd: 0.25 });
    KEY = key.key;

    const summary = JSON.parse((await sh(summarize!)).stdout);
    expect(summary).toMatchObject({ format: 'bullets', bullets: expect.any(Array), _meta: { endpoint: '/summarize', cost_usd: expect.any(Number) } });
    expect(summary._meta.cost_usd).toBeGreaterThan(0);
    expect(summary._meta.balance_usd).toBeCloseTo(0.25 - summary._meta.cost_usd, 6);

    // The usage read model follows the log: the reader sees the call once it has caught up.
    const shown = await waitFor(async () => {
      const body = JSON.parse((await sh(usage!)).stdout);
      return body.total_calls === 1 && body;
    }, 'the summary in /api/usage');
    expect(shown).toMatchObject({ total_calls: 1 });
  });

  it('OpenAI and Anthropic clients: the official SDKs stream a chat completion and get a message, billed to the key', async () => {
    model.answer({ text: 'Hello there, how can I help?', pieces: 3 }, { text: 'Hi! What can I do for you?' });
    const before = Math.round((await status()).balance_usd * 1e6);
    const made = await runTs(
      blockUnder('OpenAI and Anthropic clients', 'ts'),
      'vendorClients',
      `let streamed = '';
for await (const chunk of stream) streamed += chunk.choices[0]?.delta?.content ?? '';
console.log(JSON.stringify({ streamed, message }));`,
    );
    expect(made).toMatchObject({
      streamed: 'Hello there, how can I help?',
      message: { type: 'message', role: 'assistant', content: [{ type: 'text', text: 'Hi! What can I do for you?' }], _meta: { endpoint: '/v1/messages' } },
    });
    // Both are billed like /chat: 0.02 each.
    expect(Math.round((await status()).balance_usd * 1e6)).toBe(before - 40_000);
  });

  it('Paying with x402: npm run pay buys a key, tops up the one you have, pays a call and a premium tool', async () => {
    const [buy, topUp, sentiment, scrape, ...more] = commandsOf(blockUnder('Paying with x402', 'sh'));
    expect(more).toEqual([]);
    const bodyOf = (out: { stdout: string; stderr: string }) => {
      expect(out.stderr).toMatch(/paid: \{"success":true/);
      return JSON.parse(out.stdout.trim().split('\n').at(-1)!);
    };
    const payee = await local.usdcOf(local.chain.payTo);

    expect(bodyOf(await sh(buy!))).toMatchObject({ key: expect.stringMatching(/^apk_/), balance_usd: 1 });

    const before = (await status()).balance_usd;
    bodyOf(await sh(topUp!));
    expect((await status()).balance_usd).toBeCloseTo(before + 5, 6);

    // The free call of the day went to the README's first curl: this one is paid.
    expect(bodyOf(await sh(sentiment!))).toMatchObject({ score: expect.any(Number), _meta: { endpoint: '/sentiment', payment: 'x402' } });

    // No internet here: example.com is a page of the test's own.
    const premium = bodyOf(await sh(scrape!.replace('https://example.com/', `${site.base}/`)));
    expect(premium).toMatchObject({ title: 'Example Domain', _meta: { endpoint: '/scrape', payment: 'x402' } });
    expect(await local.usdcOf(local.chain.payTo)).toBeGreaterThan(payee + 6_000_000n);
  });

  it('Paying with x402: the @x402/fetch code buys a key and tops up the one in $KEY', async () => {
    const before = (await status()).balance_usd;
    const made = await runTs(
      blockUnder('Paying with x402', 'ts'),
      'x402Client',
      `console.log(JSON.stringify({
  bought: { status: response.status, body: await response.json() },
  toppedUp: { status: topUp.status, body: await topUp.json() },
}));`,
    );
    expect(made).toMatchObject({
      bought: { status: 200, body: { key: expect.stringMatching(/^apk_/), balance_usd: 1 } },
      toppedUp: { status: 200 },
    });
    expect((await status()).balance_usd).toBeCloseTo(before + 5, 6);
  });
});
