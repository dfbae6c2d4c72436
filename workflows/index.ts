export { toolCall } from './toolCall';
export { creditPurchase } from './creditPurchase';
