import type { Config } from '../../schema/config';

/** What every challenge names: this service's domain and address, and the chain of its payments (EIP-4361 fields). */
export function siweTerms(config: Pick<Config, 'publicBaseUrl' | 'x402Network'>): { domain: string; uri: string; chainId: number } {
  const base = new URL(config.publicBaseUrl);
  const chainId = Number(config.x402Network.split(':')[1] ?? '8453');
  return { domain: base.host, uri: base.origin, chainId: Number.isSafeInteger(chainId) ? chainId : 8453 };
}
