export interface SseEvent {
  readonly event: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  readonly data: any;
}

/** Server-sent events of a response body as they arrive (`event:` and `data:` lines; comments skipped). */
export async function* sseEvents(response: Response): AsyncGenerator<SseEvent> {
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += decoder.decode(value, { stream: true });
    let end: number;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      let event = 'message';
      const data: string[] = [];
      for (const line of block.split('\n')) {
        if (line.startsWith('event:')) event = line.slice(6).trim();
        else if (line.startsWith('data:')) data.push(line.slice(5).trimStart());
      }
      if (data.length) yield { event, data: JSON.parse(data.join('\n')) };
    }
  }
}

/** Every event of a stream, to its end. */
export async function readSse(response: Response): Promise<SseEvent[]> {
  const events: SseEvent[] = [];
  for await (const event of sseEvents(response)) events.push(event);
  return events;
}

/**
 * The deltas of the attempt that finished, as a client must read them: a `reset` means a retried attempt starts its
 * text again, so what came before it is dropped.
 */
export function finalDeltas(events: readonly SseEvent[]): string[] {
  const lastReset = events.map((e) => e.event).lastIndexOf('reset');
  return events
    .slice(lastReset + 1)
    .filter((e) => e.event === 'delta')
    .map((e) => e.data.text as string);
}
