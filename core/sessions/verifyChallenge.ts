import { randomUUID } from 'node:crypto';
import { type Hex, recoverMessageAddress } from 'viem';
import { parseSiweMessage } from 'viem/siwe';
import type { Config } from '../../schema/config';
import { event, streams } from '../../schema/events';
import { type EventStore, readStream, StreamVersionConflict } from '../eventStore';
import type { Clock } from '../clock/clock';
import { issueSessionToken } from './sessionToken';

export type ChallengeRefusal = 'malformed' | 'unknown' | 'altered' | 'expired' | 'used' | 'wrong_signer';

export type ChallengeVerdict =
  | { readonly ok: true; readonly address: string; readonly token: string; readonly expiresAt: Date }
  | { readonly ok: false; readonly reason: ChallengeRefusal; readonly message: string };

/**
 * A signed challenge becomes a session: the message must be the one issued (byte for byte), unexpired and unused,
 * and signed (EIP-191) by its address. Its nonce is spent by appending to its stream at the issued version, so of
 * two replicas verifying the same challenge at once, one wins and the other finds it used.
 */
export async function verifyChallenge(
  store: EventStore,
  config: Pick<Config, 'agentSessionSecret' | 'agentSessionTtlSeconds' | 'publicBaseUrl'>,
  clock: Clock,
  input: { message: string; signature: string; ip: string; requestId: string },
): Promise<ChallengeVerdict> {
  let nonce: string | undefined;
  try {
    nonce = parseSiweMessage(input.message).nonce;
  } catch {
    nonce = undefined;
  }
  if (!nonce) return refuse('malformed', 'the message is not a Sign-In-With-Ethereum message from POST /agents/challenge');
  const history = await readStream(store.db, streams.siweNonce(nonce));
  const issued = history.find((e) => e.type === 'WalletChallengeIssued');
  if (issued?.type !== 'WalletChallengeIssued') return refuse('unknown', 'no challenge was issued with this nonce');
  if (history.some((e) => e.type === 'WalletChallengeAccepted')) return refuse('used', 'this challenge was already used; ask for a new one');
  if (input.message !== issued.data.message) return refuse('altered', 'the message differs from the challenge issued');
  if (clock.now() >= new Date(issued.data.expiresAt)) return refuse('expired', 'the challenge has expired; ask for a new one');

  let signer: string;
  try {
    signer = (await recoverMessageAddress({ message: input.message, signature: input.signature as Hex })).toLowerCase();
  } catch {
    return refuse('wrong_signer', 'the signature cannot be read');
  }
  if (signer !== issued.data.address) return refuse('wrong_signer', `the message was not signed by ${issued.data.address}`);

  const sessionId = randomUUID();
  const { token, expiresAt } = await issueSessionToken(config, clock, signer, sessionId);
  try {
    await store.append(
      streams.siweNonce(nonce),
      [event('WalletChallengeAccepted', { nonce, address: signer, sessionId, sessionExpiresAt: expiresAt.toISOString() })],
      { expectedVersion: issued.version, metadata: { actor: `wallet:${signer}`, ip: input.ip, requestId: input.requestId } },
    );
  } catch (error) {
    if (error instanceof StreamVersionConflict) return refuse('used', 'this challenge was already used; ask for a new one');
    throw error;
  }
  return { ok: true, address: signer, token, expiresAt };
}

function refuse(reason: ChallengeRefusal, message: string): ChallengeVerdict {
  return { ok: false, reason, message };
}
