export { toolCall } from './toolCall';
