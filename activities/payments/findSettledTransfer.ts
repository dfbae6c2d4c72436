import { type Address, createPublicClient, type Hex, http, parseAbiItem } from 'viem';

/** About three hours of Base blocks. */
const LOOKBACK_BLOCKS = 5_000n;
const AUTHORIZATION_USED = parseAbiItem('event AuthorizationUsed(address indexed authorizer, bytes32 indexed nonce)');

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
