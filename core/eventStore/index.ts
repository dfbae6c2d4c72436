export { createEventStore, type EventStore, type EventStoreTransaction } from './createEventStore';
export { appendToStream, EVENTS_CHANNEL } from './appendToStream';
export { readStream } from './readStream';
export { readAllAfter, checkpointOf } from './readAllAfter';
export { lockStream } from './lockStream';
export * from './types';
