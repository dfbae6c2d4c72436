/**
 * Text PostgreSQL can store: its text and jsonb types refuse NUL (U+0000), and a lone UTF-16 surrogate has no UTF-8
 * form at all. Input is checked against this at the edge (400), a tool's output before its call is charged.
 */

// A NUL, a high surrogate not followed by a low one, or a low surrogate not preceded by a high one.
// eslint-disable-next-line no-control-regex -- NUL is exactly what is looked for
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** What is wrong with a string, or null when it can be stored. */
export function unstorableReason(text: string): string | null {
  const found = UNSTORABLE.exec(text);
  if (!found) return null;
  return found[0] === '\u0000' ? 'contains a NUL character (\\u0000)' : 'contains a lone UTF-16 surrogate (invalid Unicode)';
}

/** The first string (value or key) in a JSON value that cannot be stored, as a dotted path and why; null when all can. */
export function findUnstorable(value: unknown, path = ''): { readonly path: string; readonly reason: string } | null {
  // Iterative: the value may be as deep as the body parser allows, and a recursion must not be what breaks first.
  const pending: [unknown, string][] = [[value, path]];
  while (pending.length) {
    const [current, at] = pending.pop()!;
    if (typeof current === 'string') {
      const reason = unstorableReason(current);
      if (reason) return { path: at || 'value', reason };
    } else if (Array.isArray(current)) {
      current.forEach((item, index) => pending.push([item, `${at}[${index}]`]));
    } else if (current !== null && typeof current === 'object') {
      for (const [key, item] of Object.entries(current)) {
        const keyReason = unstorableReason(key);
        if (keyReason) return { path: at || 'body', reason: `has a field name that ${keyReason}` };
        pending.push([item, at ? `${at}.${key}` : key]);
      }
    }
  }
  return null;
}

/** A message that can be recorded whatever it quotes: unstorable characters become U+FFFD. */
export function storableMessage(text: string): string {
  return text.replace(new RegExp(UNSTORABLE.source, 'g'), '\uFFFD');
}

/** How deep a JSON text nests its arrays and objects (strings skipped), counted without parsing it. */
export function jsonDepth(text: string): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) deepest = Math.max(deepest, ++depth);
    else if (c === 0x5d || c === 0x7d) depth--;
  }
  return deepest;
}
