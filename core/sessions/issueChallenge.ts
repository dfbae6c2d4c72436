import { randomBytes } from 'node:crypto';
import { getAddress } from 'viem';
import { createSiweMessage } from 'viem/siwe';
import type { Config } from '../../schema/config';
import { event, streams } from '../../schema/events';
import type { EventStore } from '../eventStore';
import type { Clock } from '../clock/clock';
import { siweTerms } from './siweTerms';

/**
 * 128 bits from the operating system's CSPRNG, as hex (EIP-4361 wants 8+ alphanumerics). Not viem's
 * generateSiweNonce: it slices a Math.random buffer, so consecutive nonces are the previous one shifted by a character.
 */
export function sessionNonce(): string {
  return randomBytes(16).toString('hex');
}

export const SIWE_STATEMENT = 'Sign in to toolgate as this wallet. This signature moves no funds.';

/**
 * A Sign-In-With-Ethereum (EIP-4361) message for `address`, with a fresh single-use nonce and an expiry. The message
 * is recorded as issued (`siwe-<nonce>`), so any replica can verify it, once, exactly as it was handed out.
 */
export async function issueChallenge(
  store: EventStore,
  config: Pick<Config, 'publicBaseUrl' | 'x402Network' | 'agentChallengeTtlSeconds'>,
  clock: Clock,
  input: { address: string; ip: string; requestId: string },
): Promise<{ message: string; nonce: string; address: string; issuedAt: Date; expiresAt: Date }> {
  const address = getAddress(input.address);
  const nonce = sessionNonce();
  const issuedAt = clock.now();
  const expiresAt = new Date(issuedAt.getTime() + config.agentChallengeTtlSeconds * 1000);
  const message = createSiweMessage({
    ...siweTerms(config),
    address,
    nonce,
    version: '1',
    statement: SIWE_STATEMENT,
    issuedAt,
    expirationTime: expiresAt,
  });
  await store.append(
    streams.siweNonce(nonce),
    [event('WalletChallengeIssued', { nonce, address: address.toLowerCase(), message, expiresAt: expiresAt.toISOString() })],
    { expectedVersion: 'no_stream', metadata: { actor: `wallet:${address.toLowerCase()}`, ip: input.ip, requestId: input.requestId } },
  );
  return { message, nonce, address, issuedAt, expiresAt };
}
