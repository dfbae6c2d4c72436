import { createWalletClient, defineChain, type Hex, http, parseAbi } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { reconcile } from '../../../core/audit/reconcile';
import { logSigner } from '../../../core/audit/logKey';
import { event } from '../../../schema/events';
import { startLocalChain, type LocalChain } from '../../support/localChain';
import { createTestDatabase, type TestDatabase } from '../../support/testDatabase';

const erc20 = parseAbi(['function transfer(address to, uint256 value) returns (bool)']);

let local: LocalChain;
let database: TestDatabase;
const since = new Date(Date.now() - 60_000);
beforeAll(async () => {
  local = await startLocalChain();
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.drop();
  await local.stop();
});

/** A USDC transfer from the dev chain's payer to the payee, mined: its transaction hash. */
async function pay(amount: number): Promise<Hex> {
  const chain = defineChain({
    id: local.chain.chainId,
    name: 'dev chain',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [local.chain.rpcUrl] } },
  });
  const wallet = createWalletClient({ account: privateKeyToAccount(local.chain.payerPrivateKey), chain, transport: http(local.chain.rpcUrl) });
  const hash = await wallet.writeContract({ address: local.chain.asset, abi: erc20, functionName: 'transfer', args: [local.terms.payTo, BigInt(amount)] });
  await local.reader.waitForTransactionReceipt({ hash });
  return hash;
}

const payer = () => privateKeyToAccount(local.chain.payerPrivateKey).address;

/** The payment as the service records a settled x402 call's. */
async function record(transaction: string, amountMicros: number, callId: string): Promise<void> {
  const accountId = payer().toLowerCase();
  await database.store.append(`account-${accountId}`, [
    event('PaymentReceived', { accountId, payer: payer(), amountMicros, network: local.terms.network, transaction, nonce: callId, purpose: 'call', callId }),
  ]);
}

const chainProblems = async () =>
  (
    await reconcile(database.db, {
      since,
      now: new Date(),
      publicKey: logSigner('11'.repeat(32)).publicKey,
      temporal: null,
      chain: { rpcUrl: local.chain.rpcUrl, asset: local.chain.asset, payTo: local.terms.payTo },
    })
  ).discrepancies
    .filter((d) => d.check === 'x402 settlements agree with the chain')
    .map((d) => d.message);

describe('reconciling x402 settlements with the chain', () => {
  it('finds every recorded payment on chain, and every transfer to the payee recorded', async () => {
    await record(await pay(5_000), 5_000, 'paid-1');
    expect(await chainProblems()).toEqual([]);
  });

  it('names a transfer to the payee nobody recorded, a payment recorded for another amount, and one never made', async () => {
    const unrecorded = await pay(7_000);
    const wrongAmount = await pay(3_000);
    await record(wrongAmount, 4_000, 'paid-2');
    const fake = `0x${'ab'.repeat(32)}`;
    await record(fake, 1_000, 'paid-3');
    const problems = await chainProblems();
    expect(problems).toContainEqual(expect.stringMatching(new RegExp(`transfer of 7000 micro-USDC from ${payer()} .*${unrecorded}.* is not accounted for`)));
    expect(problems).toContainEqual(expect.stringMatching(new RegExp(`call paid-2 \\(4000 micro-USD .*${wrongAmount}\\): the transaction moves 3000 from`)));
    expect(problems).toContainEqual(expect.stringMatching(/call paid-3 .*: no such transaction on the chain/));
    expect(problems).toHaveLength(3);
  });
});
