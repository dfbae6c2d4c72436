import { deprecatePatch, proxyActivities } from '@temporalio/workflow';
import type { OrderSteps } from './orderSteps';

const steps = proxyActivities<OrderSteps>({ startToCloseTimeout: '10s' });

/**
 * Version D, once no workflow started before C runs any more: the old branch removed, the patch deprecated (its marker
 * is still accepted, and no longer required). C's workflows replay it; A's would not. After D, the call goes too.
 */
export async function placeOrder(order: string): Promise<string[]> {
  deprecatePatch('charge-before-reserve');
  const charged = await steps.chargeCard(order);
  const reserved = await steps.reserveStock(order);
  return [charged, reserved];
}
