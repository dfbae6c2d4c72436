/**
 * The activities of the test-only `placeOrder` workflow (test/int/workflowChange.int.test.ts): each returns its own
 * name, so a run's result says the order they ran in.
 */
export interface OrderSteps {
  reserveStock(order: string): Promise<string>;
  chargeCard(order: string): Promise<string>;
}
