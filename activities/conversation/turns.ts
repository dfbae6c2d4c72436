import type { ChatMessage } from '../providers';
import { invalidInput } from '../../core/calls/callFailures';

/** Content as chat formats send it: a string, or text blocks/parts (joined by line breaks). */
export type TextContent = string | readonly { readonly type: 'text'; readonly text: string }[];

export function textOf(content: TextContent): string {
  return typeof content === 'string' ? content : content.map((block) => block.text).join('\n');
}

/** Providers want the conversation to start and end with the user, and some want turns to alternate. */
export function conversation(turns: readonly { role: 'user' | 'assistant'; content: string }[]): ChatMessage[] {
  if (turns.length === 0) throw invalidInput('the conversation has no user message', 'Send at least one message with role "user".');
  if (turns.at(-1)?.role !== 'user') throw invalidInput('the last message must be from the user', 'End `messages` with the turn the assistant should answer.');
  const merged: { role: 'user' | 'assistant'; content: string }[] = [];
  for (const turn of turns) {
    const last = merged.at(-1);
    if (last?.role === turn.role) last.content = `${last.content}\n\n${turn.content}`;
    else merged.push({ ...turn });
  }
  if (merged[0]?.role === 'assistant') merged.unshift({ role: 'user', content: '(conversation continues)' });
  return merged;
}
