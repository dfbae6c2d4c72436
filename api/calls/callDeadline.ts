import { BadRequest } from '../errors/httpErrors';

type Headers = Readonly<Record<string, string | string[] | undefined>>;

/**
 * What X-Request-Timeout may say: a positive number of seconds, decimals allowed, at most LONGEST_DEADLINE_S (3600),
 * written plainly (no sign, exponent, spaces or leading zeros). The OpenAPI document gives the same pattern, so what it
 * describes is exactly what is accepted.
 */
export const REQUEST_TIMEOUT_PATTERN = '^(?:0\\.\\d*[1-9]\\d*|[1-9]\\d{0,2}(?:\\.\\d+)?|[1-2]\\d{3}(?:\\.\\d+)?|3[0-5]\\d{2}(?:\\.\\d+)?|3600(?:\\.0+)?)$';

/** The longest deadline a caller may give, in seconds. */
export const LONGEST_DEADLINE_S = 3600;

/** The header a caller gives its deadline in, as seconds from when the request arrives (decimals allowed). */
export const REQUEST_TIMEOUT_HEADER = 'x-request-timeout';

/** The same deadline as a proxy in front sets it (Envoy's per-request timeout, milliseconds): honoured alike. */
export const ENVOY_TIMEOUT_HEADER = 'x-envoy-expected-rq-timeout-ms';

/**
 * The caller's deadline (epoch ms), from `X-Request-Timeout: <seconds>` or `x-envoy-expected-rq-timeout-ms`, counted
 * from `now` (when the call is prepared, its body read). Work not started by then is dropped and nothing charged: a
 * caller that gives up after 5 s is not billed for a call that waited 6 s in a queue. The smaller of the two wins;
 * neither: no deadline (the call may wait up to CALL_TIMEOUT_SECONDS, then is collected by its id). A value that is no
 * positive number, or longer than `longestSeconds`, is the caller's mistake: 400, so a typo is not taken for "no
 * deadline".
 */
export function callDeadline(headers: Headers | undefined, now: number, docs: string): number | undefined {
  const seconds = timeoutOf(headers?.[REQUEST_TIMEOUT_HEADER], 1, new RegExp(REQUEST_TIMEOUT_PATTERN), 'X-Request-Timeout', docs);
  const envoy = timeoutOf(headers?.[ENVOY_TIMEOUT_HEADER], 1 / 1000, /^\d+$/, ENVOY_TIMEOUT_HEADER, docs);
  const timeout = Math.min(seconds ?? Infinity, envoy ?? Infinity);
  return Number.isFinite(timeout) ? now + Math.round(timeout * 1000) : undefined;
}

/** One header's timeout in seconds (its value times `unitSeconds`), or undefined when absent. */
function timeoutOf(value: string | string[] | undefined, unitSeconds: number, form: RegExp, name: string, docs: string): number | undefined {
  if (value === undefined) return undefined;
  const text = Array.isArray(value) ? value.join(',') : value;
  const seconds = form.test(text) ? Number(text) * unitSeconds : NaN;
  if (!(seconds > 0) || seconds > LONGEST_DEADLINE_S) {
    throw new BadRequest(
      `${name} must be a positive number of ${unitSeconds === 1 ? 'seconds' : 'milliseconds'}, at most ${LONGEST_DEADLINE_S} s; got ${JSON.stringify(text.slice(0, 40))}`,
      `Send e.g. ${name}: ${unitSeconds === 1 ? '5' : '5000'}, or leave the header out for no deadline.`,
      docs,
    ).withCode('invalid_timeout');
  }
  return seconds;
}
