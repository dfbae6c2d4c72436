export { toolCall } from './toolCall';
export { creditPurchase } from './creditPurchase';
export { webhookDelivery } from './webhookDelivery';
export { asyncJob } from './asyncJob';
export { purgeExpiredRelayEvents } from './purgeExpiredRelayEvents';
export { websiteCrawl } from './scraping/websiteCrawl';
export { actorRun } from './scraping/actorRun';
export { catalogDiscovery } from './catalogDiscovery';
