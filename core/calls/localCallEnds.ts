import type { CallEnd } from '../../schema/calls';

const waiting = new Map<string, (end: CallEnd) => void>();

/**
 * Where an API with an embedded worker meets the end of a call that worker ran: the API expects a call before it
 * starts it eagerly; the worker's `calls.ended` sink delivers how it ended. Process-local by nature: a call that
 * ended on another worker is never delivered here, and its caller falls back to the workflow's result.
 */
export const localCallEnds = {
  expect(callId: string): { readonly ended: Promise<CallEnd>; cancel(): void } {
    let resolve!: (end: CallEnd) => void;
    const ended = new Promise<CallEnd>((r) => (resolve = r));
    waiting.set(callId, resolve);
    return { ended, cancel: () => waiting.get(callId) === resolve && waiting.delete(callId) };
  },
  deliver(callId: string, end: CallEnd): void {
    const resolve = waiting.get(callId);
    if (!resolve) return;
    waiting.delete(callId);
    resolve(end);
  },
};
