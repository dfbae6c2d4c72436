import { SignJWT } from 'jose';
import { InvalidSession, issueSessionToken, looksLikeJwt, verifySessionToken } from './sessionToken';

const config = { agentSessionSecret: 's'.repeat(40), agentSessionTtlSeconds: 600, publicBaseUrl: 'https://api.example' };
const at = (iso: string) => ({ now: () => new Date(iso) });
const wallet = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8';

describe('wallet session tokens', () => {
  it('verify for their lifetime and name the wallet and the session', async () => {
    const { token, expiresAt } = await issueSessionToken(config, at('2026-01-01T00:00:00Z'), wallet.toUpperCase().replace('0X', '0x'), 'sess-1');
    expect(expiresAt.toISOString()).toBe('2026-01-01T00:10:00.000Z');
    expect(looksLikeJwt(token)).toBe(true);
    await expect(verifySessionToken(config, at('2026-01-01T00:09:59Z'), token)).resolves.toEqual({ address: wallet, sessionId: 'sess-1', expiresAt });
    await expect(verifySessionToken(config, at('2026-01-01T00:10:01Z'), token)).rejects.toThrow('the session token has expired');
  });

  it('are refused when signed with another secret, for another audience or with another algorithm', async () => {
    const now = at('2026-01-01T00:00:00Z');
    const other = await issueSessionToken({ ...config, agentSessionSecret: 'x'.repeat(40) }, now, wallet, 'sess-2');
    await expect(verifySessionToken(config, now, other.token)).rejects.toBeInstanceOf(InvalidSession);
    const elsewhere = await issueSessionToken({ ...config, publicBaseUrl: 'https://elsewhere.example' }, now, wallet, 'sess-3');
    await expect(verifySessionToken(config, now, elsewhere.token)).rejects.toBeInstanceOf(InvalidSession);
    const hs512 = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS512' })
      .setSubject(wallet)
      .setIssuer(config.publicBaseUrl)
      .setAudience(`${config.publicBaseUrl}/agents`)
      .setIssuedAt(Math.floor(now.now().getTime() / 1000))
      .setExpirationTime(Math.floor(now.now().getTime() / 1000) + 60)
      .setJti('sess-4')
      .sign(new TextEncoder().encode(config.agentSessionSecret));
    await expect(verifySessionToken(config, now, hs512)).rejects.toThrow('the session token is not valid');
  });

  it('are told apart from API keys by their shape', () => {
    expect(looksLikeJwt('apk_0123456789abcdef')).toBe(false);
    expect(looksLikeJwt('a.b.c')).toBe(true);
  });
});
