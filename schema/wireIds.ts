/**
 * Ids the vendor formats give an answer, derived from the call id so the tool's answer and the API's streamed
 * events name the same message (Anthropic `msg_…`, OpenAI `chatcmpl-…`).
 */
export const anthropicMessageId = (callId: string) => `msg_${callId.replace(/[^A-Za-z0-9]/g, '')}`;
export const openAiCompletionId = (callId: string) => `chatcmpl-${callId.replace(/[^A-Za-z0-9]/g, '')}`;
