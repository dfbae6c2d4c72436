import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { decodeReceiptHeader, fromStandardCode, receiptHeader, type RefusalReason, toStandardCode } from '.';
import artifact from './contracts/DevUsdc.json';
import proxyArtifact from './contracts/X402UptoProxy.json';
import permit2Artifact from './contracts/Permit2.json';

const settled = {
  ok: true,
  transaction: `0x${'ab'.repeat(32)}`,
  network: 'eip155:8453',
  payer: '0x1111111111111111111111111111111111111111',
  amount: 1000n,
} as const;

describe('settlement receipts', () => {
  it('answers a v2 payer in PAYMENT-RESPONSE with the CAIP-2 network', () => {
    const headers = receiptHeader(settled, 2);
    expect(Object.keys(headers)).toEqual(['PAYMENT-RESPONSE']);
    expect(decodeReceiptHeader(headers['PAYMENT-RESPONSE']!)).toEqual({
      success: true,
      transaction: settled.transaction,
      network: 'eip155:8453',
      payer: settled.payer,
    });
  });

  it('answers a v1 payer in X-PAYMENT-RESPONSE with the v1 network name', () => {
    const headers = receiptHeader(settled, 1);
    expect(decodeReceiptHeader(headers['X-PAYMENT-RESPONSE']!)).toMatchObject({ success: true, network: 'base' });
  });

  it('says why a settlement failed in x402 terms', () => {
    const failed = { ok: false, reason: 'insufficient_funds', message: 'not enough', payer: settled.payer, transaction: null, network: 'eip155:8453' } as const;
    expect(decodeReceiptHeader(receiptHeader(failed, 2)['PAYMENT-RESPONSE']!)).toEqual({
      success: false,
      transaction: '',
      network: 'eip155:8453',
      payer: settled.payer,
      errorReason: 'insufficient_funds',
      errorMessage: 'not enough',
    });
  });
});

describe('refusal codes on the wire', () => {
  const reasons: RefusalReason[] = [
    'unsupported_scheme',
    'wrong_network',
    'wrong_asset',
    'wrong_resource',
    'invalid_signature',
    'wrong_payee',
    'insufficient_amount',
    'not_yet_valid',
    'expired',
    'nonce_reused',
    'insufficient_funds',
    'settlement_failed',
    'rejected_by_facilitator',
  ];

  it('survive a round trip through the x402 facilitator codes', () => {
    for (const reason of reasons) expect(fromStandardCode(toStandardCode(reason))).toBe(reason);
  });

  it('understand the v2 EVM mechanism spellings and keep unknown codes as a facilitator rejection', () => {
    expect(fromStandardCode('invalid_exact_evm_recipient_mismatch')).toBe('wrong_payee');
    expect(fromStandardCode('invalid_exact_evm_insufficient_balance')).toBe('insufficient_funds');
    expect(fromStandardCode('something_new')).toBe('rejected_by_facilitator');
  });
});

describe('the committed dev-chain bytecode', () => {
  const sha256 = (text: string | Buffer) => createHash('sha256').update(text).digest('hex');
  it.each([
    ['DevUsdc', artifact],
    ['X402UptoProxy', proxyArtifact],
  ] as const)('of %s was compiled from the committed source (run npx tsx scripts/compileContracts.ts after editing it)', (name, compiled) => {
    const source = readFileSync(path.join(__dirname, `contracts/${name}.sol`));
    expect(compiled.sourceSha256).toBe(sha256(source));
    expect(compiled.bytecode).toMatch(/^0x[0-9a-f]{1000,}$/);
  });

  it("of Permit2 was compiled from the source in the installed package, with both immutables' places known", () => {
    const { source } = permit2Artifact;
    const root = path.join(path.dirname(require.resolve(`${source.package}/package.json`)), source.path);
    expect(JSON.parse(readFileSync(path.join(root, '..', '..', 'package.json'), 'utf8')).version).toBe(source.version);
    const text = source.files.map((file) => `${file}\n${readFileSync(path.join(root, file), 'utf8')}`).join('\n');
    expect(permit2Artifact.sourceSha256).toBe(sha256(text));
    expect(Object.keys(permit2Artifact.immutables).sort()).toEqual(['_CACHED_CHAIN_ID', '_CACHED_DOMAIN_SEPARATOR']);
  });
});
