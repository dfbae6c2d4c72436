export { createEventStore, type EventStore, type EventStoreTransaction } from './createEventStore';
export { appendToStreams, type StreamAppend, EVENTS_CHANNEL } from './appendToStreams';
export { readStream } from './readStream';
export { readAllAfter, checkpointOf } from './readAllAfter';
export { lockStream } from './lockStream';
export * from './types';
