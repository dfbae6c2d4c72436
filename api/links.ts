import type { Config } from '../schema/config';

/** Addresses error bodies point callers to, built from PUBLIC_BASE_URL. */
export function links(config: Pick<Config, 'publicBaseUrl'>) {
  const base = config.publicBaseUrl;
  return {
    docs: (anchor?: string) => `${base}/docs${anchor ? `#${anchor}` : ''}`,
    topUp: `${base}/buy-credits`,
    upgrade: `${base}/buy-credits`,
    support: `${base}/status`,
    openapi: `${base}/openapi.json`,
  };
}
