export { toolCall } from './toolCall';
export { creditPurchase } from './creditPurchase';
export { webhookDelivery } from './webhookDelivery';
export { asyncJob } from './asyncJob';
export { purgeExpiredRelayEvents } from './purgeExpiredRelayEvents';
export { taskClaimExpiry } from './taskClaimExpiry';
export { broadcastFanOut } from './broadcastFanOut';
