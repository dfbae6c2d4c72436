import { proxyActivities } from '@temporalio/workflow';
import type { OrderSteps } from './orderSteps';

const steps = proxyActivities<OrderSteps>({ startToCloseTimeout: '10s' });

/** Version B: the card charged first, changed in place. A's running workflows cannot replay it. */
export async function placeOrder(order: string): Promise<string[]> {
  const charged = await steps.chargeCard(order);
  const reserved = await steps.reserveStock(order);
  return [charged, reserved];
}
