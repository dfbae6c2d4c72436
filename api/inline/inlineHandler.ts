import type { AppDeps, RequestState } from '../deps';

/** A page rather than JSON (e.g. /buy-credits). */
export class HtmlPage {
  constructor(readonly html: string) {}
}

export interface InlineContext {
  readonly deps: AppDeps;
  readonly state: RequestState;
  readonly docs: string;
  header(name: string): string;
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
  setHeader(name: string, value: string): void;
}

export type InlineResult = Record<string, unknown> | HtmlPage;

/** An endpoint the API answers itself: free utilities, status, accounts. Registry entries name them by tool name. */
export type InlineHandler = (input: Record<string, unknown>, ctx: InlineContext) => InlineResult | Promise<InlineResult>;
