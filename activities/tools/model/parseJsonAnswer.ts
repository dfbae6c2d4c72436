export type ParsedAnswer = { readonly ok: true; readonly value: Record<string, unknown> } | { readonly ok: false; readonly problem: string };

/**
 * The JSON object in a model's answer. Asked for bare JSON, models still wrap it in a code fence or put a sentence
 * before it now and then; those wrappings are taken off here rather than costing a repair round trip.
 */
export function parseJsonAnswer(text: string): ParsedAnswer {
  const trimmed = text.trim();
  if (!trimmed) return { ok: false, problem: 'the answer was empty' };
  const fenced = /```(?:json)?\s*\n?([\s\S]*?)```/i.exec(trimmed)?.[1];
  const candidates = [fenced, trimmed, outermostObject(trimmed)].filter((c): c is string => Boolean(c));
  let problem = 'the answer is not JSON';
  for (const candidate of candidates) {
    try {
      const value: unknown = JSON.parse(candidate);
      if (value !== null && typeof value === 'object' && !Array.isArray(value)) return { ok: true, value: value as Record<string, unknown> };
      problem = `the answer is JSON but not an object (${Array.isArray(value) ? 'an array' : typeof value})`;
    } catch (error) {
      problem = `the answer is not valid JSON: ${(error as Error).message}`;
    }
  }
  return { ok: false, problem };
}

function outermostObject(text: string): string | undefined {
  const start = text.indexOf('{');
  const end = text.lastIndexOf('}');
  return start >= 0 && end > start ? text.slice(start, end + 1) : undefined;
}
