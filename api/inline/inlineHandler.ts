import type { ToolInput } from '../../schema/registry/toolInput';
import type { AppDeps, RequestState } from '../deps';

/** A body that is not JSON: text/plain, XML, Markdown, a script (as bytes when it is sent compressed) … */
export class TextBody {
  constructor(
    readonly contentType: string,
    readonly text: string | Buffer,
  ) {}
}

/** Bytes rather than text (a stored screenshot's PNG). */
export class BinaryBody {
  constructor(
    readonly contentType: string,
    readonly bytes: Buffer,
  ) {}
}

/** A page rather than JSON (e.g. /buy-credits). */
export class HtmlPage extends TextBody {
  constructor(html: string) {
    super('text/html; charset=utf-8', html);
  }
}

export interface InlineContext {
  readonly deps: AppDeps;
  readonly state: RequestState;
  readonly docs: string;
  /** Path parameters: `/webhooks/:id/events` gives { id }. */
  readonly params: Readonly<Record<string, string>>;
  header(name: string): string;
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
  setHeader(name: string, value: string): void;
  /** Which of these media types the request's Accept prefers (the first when it takes any), or false for none. */
  accepts(...types: string[]): string | false;
  /** Aborted when the caller disconnects before the answer (api/calls/callerLeaving.ts): a call it ran is told. */
  leaving(): AbortSignal;
}

export type InlineResult = Record<string, unknown> | TextBody | BinaryBody;

/**
 * An endpoint the API answers itself: free utilities, status, accounts. Registry entries name them by tool name.
 * `Input` is the entry's validated input; written as a method so a handler typed with it is also a plain one.
 */
export type InlineHandler<Input = Record<string, unknown>> = {
  answer(input: Input, ctx: InlineContext): InlineResult | Promise<InlineResult>;
}['answer'];

/** A handler given its registry entry's input type: `HandlerFor<typeof webhookTools, 'webhooks/register'>`. */
export type HandlerFor<Entries extends readonly { readonly name: string; readonly input: unknown }[], Name extends Entries[number]['name']> = InlineHandler<
  ToolInput<Entries, Name>
>;

type Entries = readonly { readonly name: string; readonly input: unknown; readonly execution: string }[];

/**
 * A feature's handlers: one for each of its entries the API answers itself (`execution: 'inline'`), each given its
 * entry's input type, and no other: `FamilyHandlers<typeof webhookTools>`.
 */
export type FamilyHandlers<E extends Entries> = {
  readonly [Entry in Extract<E[number], { readonly execution: 'inline' }> as Entry['name']]: InlineHandler<ToolInput<E, Entry['name']>>;
};
