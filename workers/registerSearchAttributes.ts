import { connectTemporal } from '../core/temporal/connectTemporal';
import type { TemporalTarget } from '../core/temporal/temporalTarget';
import { searchAttributeTypes } from '../schema/searchAttributes';

/**
 * Registers our search attributes on a Temporal server (a no-op when they exist), so operators can filter calls by
 * Tool, Payer, PaymentMethod, CallStatus and AgentId on any server, not only the dev server started with flags. The
 * connection is checked first, so a misconfigured one stops the start here, naming the setting. Where the operator
 * API is not ours to use (Temporal Cloud: they are added with tcld or the Cloud UI), the missing ones are named in a
 * warning and the start goes on: calls run without them, they are only harder to find.
 */
export async function registerSearchAttributes(target: TemporalTarget, timeoutMs: number, warn: (line: string) => void = () => undefined): Promise<void> {
  const connection = await connectTemporal(target, timeoutMs);
  const { namespace } = target;
  try {
    const existing = await connection.operatorService.listSearchAttributes({ namespace });
    const missing = Object.keys(searchAttributeTypes).filter((name) => !(name in (existing.customAttributes ?? {})));
    if (missing.length === 0) return;
    await connection.operatorService.addSearchAttributes({
      namespace,
      searchAttributes: Object.fromEntries(missing.map((name) => [name, 2 /* INDEXED_VALUE_TYPE_KEYWORD */])),
    });
  } catch (error) {
    const code = (error as { code?: number }).code;
    // 7 PERMISSION_DENIED, 12 UNIMPLEMENTED: a server whose operator API this caller may not use (Temporal Cloud).
    if (code !== 7 && code !== 12) throw error;
    warn(
      `search attributes ${Object.keys(searchAttributeTypes).join(', ')} (Keyword) could not be registered on namespace ${namespace} (${(error as Error).message}): add them with tcld or the Temporal Cloud UI to filter calls by them`,
    );
  } finally {
    await connection.close();
  }
}
