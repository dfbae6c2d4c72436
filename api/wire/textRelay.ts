/**
 * The text a client has been sent of a streamed answer, for formats that cannot take text back (OpenAI's and
 * Anthropic's): a retried attempt's repeat of what was already sent is skipped, a tail that may begin a stop sequence
 * is held back until it cannot, and nothing from a stop sequence on is sent. At the end the call's final text (the
 * authoritative answer, already cut at its stop sequence) supplies whatever is missing. A retried attempt whose text
 * differs from what was sent cannot be mended on the wire: nothing more is sent but the end of the answer.
 */
export class TextRelay {
  private sent = '';
  private attempt = '';
  private stopped = false;

  constructor(private readonly stops: readonly string[] = []) {}

  /** The next piece of the current attempt; returns what may be sent now. */
  push(piece: string): string {
    this.attempt += piece;
    if (this.stopped) return '';
    const stop = this.firstStop(this.attempt);
    if (stop !== -1) {
      this.stopped = true;
      return this.advance(this.attempt.slice(0, stop));
    }
    return this.advance(this.attempt.slice(0, this.attempt.length - this.heldBack(this.attempt)));
  }

  /** A retried attempt starts again from its first character. */
  reset(): void {
    this.attempt = '';
  }

  /** What the final text adds to what was sent. */
  finish(finalText: string): string {
    return this.advance(finalText);
  }

  private advance(target: string): string {
    if (target.length <= this.sent.length || !target.startsWith(this.sent)) return '';
    const extra = target.slice(this.sent.length);
    this.sent = target;
    return extra;
  }

  private firstStop(text: string): number {
    let first = -1;
    for (const stop of this.stops) {
      const index = stop ? text.indexOf(stop) : -1;
      if (index !== -1 && (first === -1 || index < first)) first = index;
    }
    return first;
  }

  /** The longest tail of the text that is the start of a stop sequence. */
  private heldBack(text: string): number {
    let longest = 0;
    for (const stop of this.stops) {
      for (let length = Math.min(stop.length - 1, text.length); length > longest; length--) {
        if (text.endsWith(stop.slice(0, length))) {
          longest = length;
          break;
        }
      }
    }
    return longest;
  }
}
