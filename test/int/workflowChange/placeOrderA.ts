import { proxyActivities } from '@temporalio/workflow';
import type { OrderSteps } from './orderSteps';

const steps = proxyActivities<OrderSteps>({ startToCloseTimeout: '10s' });

/** Version A, as released: the stock is reserved, then the card charged. */
export async function placeOrder(order: string): Promise<string[]> {
  const reserved = await steps.reserveStock(order);
  const charged = await steps.chargeCard(order);
  return [reserved, charged];
}
