import path from 'node:path';
import type { Address } from 'viem';
import type { Config } from '../../schema/config';
import { devChainPath, type DevChain, type Facilitator, facilitatorFromConfig, type PaymentTerms, paymentTermsFromConfig, readDevChain } from './';

/** What taking x402 payments needs here: the terms every payment must meet and who settles them. */
export interface X402Runtime {
  readonly terms: PaymentTerms;
  readonly facilitator: Facilitator;
  /** Where transfers can be looked up after a crash (the self-hosted facilitator's RPC). */
  readonly rpcUrl: string | null;
  /**
   * The facilitator `upto` payments name (the one allowed to choose the amount): the self-hosted facilitator's gas
   * wallet. Absent: only `exact` is offered.
   */
  readonly uptoFacilitator?: Address;
}

export type X402Setup = { readonly ok: true; readonly runtime: X402Runtime } | { readonly ok: false; readonly reason: string };

/**
 * From configuration, standing in the local development chain (dev-chain.json under DATA_DIR) while no real
 * payee is configured. When neither is there, x402 is off and 402 answers say so instead of asking for money
 * nobody could receive.
 */
export function loadX402(config: Config, projectRoot = process.cwd()): X402Setup {
  const devChain: DevChain | null = config.devChain ? readDevChain(devChainPath(path.resolve(projectRoot, config.dataDir))) : null;
  try {
    const terms = paymentTermsFromConfig(config, devChain);
    const facilitator = facilitatorFromConfig(config, devChain);
    const rpcUrl = config.x402FacilitatorUrl ? null : config.x402RpcUrl || devChain?.rpcUrl || null;
    const uptoFacilitator = 'address' in facilitator ? (facilitator.address as Address) : undefined;
    return { ok: true, runtime: { terms, facilitator, rpcUrl, ...(uptoFacilitator ? { uptoFacilitator } : {}) } };
  } catch (error) {
    return { ok: false, reason: (error as Error).message };
  }
}
