import { createHash } from 'node:crypto';

/**
 * Who a caller is as far as admission can tell on arrival, before anything is looked up: a digest of its credentials
 * as sent (admission's maps outlive the request, and a secret is not kept in them), or its address without any. Not
 * checked (that comes later, and costs what a refusal must not): a wrong or made-up credential only gets its own
 * share of places, and its request is refused 401 once identified.
 */
export function callerTag(authorization: string | string[] | undefined, clientIp: string): string {
  const sent = Array.isArray(authorization) ? authorization[0] : authorization;
  return sent ? `sent:${createHash('sha256').update(sent).digest('base64url').slice(0, 22)}` : `ip:${clientIp}`;
}
