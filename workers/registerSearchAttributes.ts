import { Connection } from '@temporalio/client';
import { searchAttributeTypes } from '../schema/searchAttributes';

/**
 * Registers our search attributes on a Temporal server (a no-op when they exist), so operators can filter
 * calls by Tool, Payer, PaymentMethod and CallStatus on any server, not only the dev server started with flags.
 */
export async function registerSearchAttributes(address: string, namespace: string): Promise<void> {
  const connection = await Connection.connect({ address });
  try {
    const existing = await connection.operatorService.listSearchAttributes({ namespace });
    const missing = Object.keys(searchAttributeTypes).filter((name) => !(name in (existing.customAttributes ?? {})));
    if (missing.length === 0) return;
    await connection.operatorService.addSearchAttributes({
      namespace,
      searchAttributes: Object.fromEntries(missing.map((name) => [name, 2 /* INDEXED_VALUE_TYPE_KEYWORD */])),
    });
  } finally {
    await connection.close();
  }
}
