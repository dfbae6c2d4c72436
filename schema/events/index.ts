export * from './eventMap';
export { streams } from './streams';
