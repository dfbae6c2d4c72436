import { createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import {
  buildSIWxSchema,
  parseSIWxHeader,
  SIGN_IN_WITH_X,
  type SIWxExtension,
  validateSIWxMessage,
  verifySIWxSignature,
} from '@x402/extensions/sign-in-with-x';
import type { Config } from '../../schema/config';
import { event, streams } from '../../schema/events';
import type { Clock } from '../clock/clock';
import { type EventStore, StreamVersionConflict } from '../eventStore';
import { SIWE_STATEMENT } from './issueChallenge';
import { InvalidSession, type WalletSession } from './sessionToken';

type SignInConfig = Pick<Config, 'publicBaseUrl' | 'x402Network' | 'agentSessionSecret' | 'agentChallengeTtlSeconds'>;

export { SIGN_IN_WITH_X };

/**
 * The sign-in-with-x extension (CAIP-122) a 402 declares for `url`: what the wallet signs (this service's domain,
 * the address asked for, a nonce, when it was issued and until when it is good) and the chain it signs for. The nonce
 * carries its own proof of issue (an HMAC over it and its issue time), so nothing is stored until it is spent.
 */
export function offerSignIn(config: SignInConfig, clock: Clock, url: string): SIWxExtension {
  const issuedAt = clock.now();
  const random = randomBytes(16).toString('hex');
  return {
    info: {
      domain: new URL(config.publicBaseUrl).host,
      uri: url,
      statement: SIWE_STATEMENT,
      version: '1',
      nonce: `${random}${nonceProof(config, random, issuedAt.toISOString())}`,
      issuedAt: issuedAt.toISOString(),
      expirationTime: new Date(issuedAt.getTime() + config.agentChallengeTtlSeconds * 1000).toISOString(),
      resources: [url],
    },
    supportedChains: [{ chainId: config.x402Network, type: 'eip191' }],
    schema: buildSIWxSchema(),
  };
}

/**
 * A signed sign-in-with-x proof (the SIGN-IN-WITH-X header) becomes the wallet session it proves, as a SIWE session
 * token from POST /agents/verify would: a message this service issued (its nonce's proof holds), for this service's
 * origin and chain, unexpired, signed by its address, and not used before (its nonce is spent in the event log, on
 * the stream a SIWE challenge's is, so two replicas cannot both accept it). Anything else is InvalidSession.
 */
export async function verifySignIn(
  store: EventStore,
  config: SignInConfig,
  clock: Clock,
  header: string,
  context: { ip: string; requestId: string },
): Promise<WalletSession> {
  let payload;
  try {
    payload = parseSIWxHeader(header);
  } catch (error) {
    throw new InvalidSession(`the sign-in-with-x proof cannot be read: ${(error as Error).message}`);
  }
  const random = payload.nonce.slice(0, 32);
  if (!/^[0-9a-f]{64}$/.test(payload.nonce) || !sameProof(nonceProof(config, random, payload.issuedAt), payload.nonce.slice(32)))
    throw new InvalidSession('the sign-in-with-x message was not issued by this service (its nonce is not one of ours)');
  if (payload.chainId !== config.x402Network)
    throw new InvalidSession(`the sign-in-with-x message is signed for ${payload.chainId}, not ${config.x402Network}`);
  const validity = await validateSIWxMessage(payload, new URL(config.publicBaseUrl), { maxAge: config.agentChallengeTtlSeconds * 1000 });
  if (!validity.isValid) throw new InvalidSession(`the sign-in-with-x message is refused (${validity.invalidReason}): ${validity.invalidMessage}`);
  if (!payload.expirationTime || new Date(payload.expirationTime) <= clock.now()) throw new InvalidSession('the sign-in-with-x message has expired');
  const signature = await verifySIWxSignature(payload);
  if (!signature.isValid) throw new InvalidSession(`the sign-in-with-x signature is refused: ${signature.invalidMessage}`);

  const address = signature.payer.toLowerCase();
  const session: WalletSession = { address, sessionId: randomUUID(), expiresAt: new Date(payload.expirationTime) };
  try {
    await store.append(
      streams.siweNonce(payload.nonce),
      [event('WalletChallengeAccepted', { nonce: payload.nonce, address, sessionId: session.sessionId, sessionExpiresAt: payload.expirationTime })],
      { expectedVersion: 'no_stream', metadata: { actor: `wallet:${address}`, ip: context.ip, requestId: context.requestId } },
    );
  } catch (error) {
    if (error instanceof StreamVersionConflict) throw new InvalidSession('this sign-in-with-x message was already used; sign the one the 402 offers now');
    throw error;
  }
  return session;
}

function nonceProof(config: SignInConfig, random: string, issuedAt: string): string {
  return createHmac('sha256', config.agentSessionSecret).update(`siwx:${random}:${issuedAt}`).digest('hex').slice(0, 32);
}

function sameProof(expected: string, given: string): boolean {
  return given.length === expected.length && timingSafeEqual(Buffer.from(expected), Buffer.from(given));
}
