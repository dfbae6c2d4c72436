import type { Db } from '../../core/db/createDb';
import type { CallProgress } from '../tools/callProgress';
import { publishCallStream } from './publishCallStream';

/**
 * Streams an answer the offline provider has already written (a streamed endpoint's prose, `text`) to a caller
 * reading server-sent events: block by block (headings, paragraphs, lists), one notice each, so the caller reads
 * deltas as from a model instead of one piece at the end.
 */
export async function publishOfflineAnswer(db: Db, progress: CallProgress, request: { callId: string; text: string }): Promise<void> {
  const publisher = publishCallStream(db, { callId: request.callId, attempt: progress.attempt });
  for (const block of request.text.split(/(?<=\n\n)/)) {
    publisher.push(block);
    publisher.flush();
    progress.update({ phase: 'streaming', characters: publisher.length });
  }
  await publisher.finish();
}
