import { patched, proxyActivities } from '@temporalio/workflow';
import type { OrderSteps } from './orderSteps';

const steps = proxyActivities<OrderSteps>({ startToCloseTimeout: '10s' });

/**
 * Version C: B's change behind a patch. A workflow started before it replays A's order (patched() is false for a
 * history without the patch's marker); a new one records the marker and takes the new order.
 */
export async function placeOrder(order: string): Promise<string[]> {
  if (patched('charge-before-reserve')) {
    const charged = await steps.chargeCard(order);
    const reserved = await steps.reserveStock(order);
    return [charged, reserved];
  }
  const reserved = await steps.reserveStock(order);
  const charged = await steps.chargeCard(order);
  return [reserved, charged];
}
