import { type Address, createPublicClient, decodeFunctionData, type Hex, http, parseAbiItem } from 'viem';
import { nonceBit, type Permit2Authorization, PERMIT2_ADDRESS, permit2Abi, UPTO_PROXY_ADDRESS, uptoProxyAbi } from '../../core/x402/permit2';

/** About three hours of Base blocks. */
const LOOKBACK_BLOCKS = 5_000n;
const AUTHORIZATION_USED = parseAbiItem('event AuthorizationUsed(address indexed authorizer, bytes32 indexed nonce)');
const TRANSFER = parseAbiItem('event Transfer(address indexed from, address indexed to, uint256 value)');

/**
 * The transaction that already used this authorization, if any. A settlement retried after a crash finds
 * its transfer mined instead of submitting it again (which the token would refuse as a reused nonce).
 */
export async function findSettledTransfer(rpcUrl: string, token: Address, authorizer: Address, nonce: Hex): Promise<Hex | null> {
  const client = createPublicClient({ transport: http(rpcUrl, { retryCount: 1, timeout: 15_000 }) });
  // Retries come within minutes of the first attempt; a bounded window keeps public RPCs' range limits happy.
  const latest = await client.getBlockNumber();
  const fromBlock = latest > LOOKBACK_BLOCKS ? latest - LOOKBACK_BLOCKS : 0n;
  const logs = await client.getLogs({ address: token, event: AUTHORIZATION_USED, args: { authorizer, nonce }, fromBlock, toBlock: latest });
  return logs[0]?.transactionHash ?? null;
}

/**
 * The upto settlement that already spent this Permit2 nonce, and what it moved. Permit2 logs no event for a witness
 * transfer, so: only when the nonce's bit is set, the token's transfers from the payer to the payee are read, and the
 * one whose transaction called the upto proxy with this very permit is it.
 */
export async function findSettledPermit(rpcUrl: string, token: Address, permit: Permit2Authorization): Promise<{ transaction: Hex; amount: bigint } | null> {
  const client = createPublicClient({ transport: http(rpcUrl, { retryCount: 1, timeout: 15_000 }) });
  const { wordPosition, mask } = nonceBit(permit.nonce);
  const bitmap = await client.readContract({ address: PERMIT2_ADDRESS, abi: permit2Abi, functionName: 'nonceBitmap', args: [permit.from, wordPosition] });
  if ((bitmap & mask) === 0n) return null;
  const latest = await client.getBlockNumber();
  const fromBlock = latest > LOOKBACK_BLOCKS ? latest - LOOKBACK_BLOCKS : 0n;
  const logs = await client.getLogs({ address: token, event: TRANSFER, args: { from: permit.from, to: permit.witness.to }, fromBlock, toBlock: latest });
  for (const log of logs) {
    const sent = await client.getTransaction({ hash: log.transactionHash });
    if (sent.to?.toLowerCase() !== UPTO_PROXY_ADDRESS.toLowerCase()) continue;
    const { args } = decodeFunctionData({ abi: uptoProxyAbi, data: sent.input });
    if (args[0].nonce === permit.nonce && args[2].toLowerCase() === permit.from.toLowerCase())
      return { transaction: log.transactionHash, amount: log.args.value ?? args[1] };
  }
  return null;
}

/** The chain's own clock (the latest block's time, unix seconds): what decides whether an authorization can still be mined. */
export async function chainTime(rpcUrl: string): Promise<bigint> {
  const client = createPublicClient({ transport: http(rpcUrl, { retryCount: 1, timeout: 15_000 }) });
  return (await client.getBlock({ blockTag: 'latest' })).timestamp;
}
