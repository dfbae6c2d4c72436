import type { Address, Hex } from 'viem';
import type { NonceRegistry } from '../../core/x402/nonceRegistry';

/**
 * A NonceRegistry that lives as long as the process: for tests and the bench. It forgets
 * everything on restart and sees nothing of other processes, so the service must not use it.
 */
export function memoryNonceRegistry(): NonceRegistry & { readonly size: number } {
  const claimed = new Set<string>();
  return {
    async claim(nonce: Hex, payer: Address): Promise<boolean> {
      const key = `${payer.toLowerCase()}:${nonce.toLowerCase()}`;
      if (claimed.has(key)) return false;
      claimed.add(key);
      return true;
    },
    get size() {
      return claimed.size;
    },
  };
}
