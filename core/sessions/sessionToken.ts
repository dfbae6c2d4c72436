import { errors, jwtVerify, SignJWT } from 'jose';
import type { Config } from '../../schema/config';
import type { Clock } from '../clock/clock';

type SessionConfig = Pick<Config, 'agentSessionSecret' | 'agentSessionTtlSeconds' | 'publicBaseUrl'>;

/** The one algorithm we sign and accept: a token claiming any other (none, RS256 …) is refused. */
const ALGORITHM = 'HS256';

export interface WalletSession {
  readonly address: string;
  readonly sessionId: string;
  readonly expiresAt: Date;
}

const keyOf = (config: SessionConfig) => new TextEncoder().encode(config.agentSessionSecret);
const issuerOf = (config: SessionConfig) => config.publicBaseUrl;
const audienceOf = (config: SessionConfig) => `${config.publicBaseUrl}/agents`;

/** A session token for a verified wallet: HS256, this service as issuer, its agent network as audience, AGENT_SESSION_TTL_SECONDS long. */
export async function issueSessionToken(config: SessionConfig, clock: Clock, address: string, sessionId: string): Promise<{ token: string; expiresAt: Date }> {
  const issuedAt = Math.floor(clock.now().getTime() / 1000);
  const expires = issuedAt + config.agentSessionTtlSeconds;
  const token = await new SignJWT({})
    .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
    .setSubject(address.toLowerCase())
    .setIssuer(issuerOf(config))
    .setAudience(audienceOf(config))
    .setIssuedAt(issuedAt)
    .setExpirationTime(expires)
    .setJti(sessionId)
    .sign(keyOf(config));
  return { token, expiresAt: new Date(expires * 1000) };
}

/** Why a presented token is refused, in words a caller can act on. */
export class InvalidSession extends Error {}

/** Checks signature, algorithm, issuer, audience and expiry; the session's wallet, or InvalidSession. */
export async function verifySessionToken(config: SessionConfig, clock: Clock, token: string): Promise<WalletSession> {
  try {
    const { payload } = await jwtVerify(token, keyOf(config), {
      algorithms: [ALGORITHM],
      issuer: issuerOf(config),
      audience: audienceOf(config),
      currentDate: clock.now(),
      requiredClaims: ['sub', 'exp', 'iat', 'jti'],
    });
    if (!/^0x[0-9a-f]{40}$/.test(payload.sub ?? '')) throw new InvalidSession('the session token names no wallet');
    return { address: payload.sub!, sessionId: payload.jti!, expiresAt: new Date(payload.exp! * 1000) };
  } catch (error) {
    if (error instanceof InvalidSession) throw error;
    if (error instanceof errors.JWTExpired) throw new InvalidSession('the session token has expired');
    if (error instanceof errors.JOSEError) throw new InvalidSession('the session token is not valid');
    throw error;
  }
}

/** A bearer credential shaped like a JWT (three base64url parts) rather than an API key. */
export function looksLikeJwt(token: string): boolean {
  return /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*$/.test(token);
}
