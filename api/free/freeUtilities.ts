import { createHash, randomInt, randomUUID } from 'node:crypto';
import { isIPv6 } from 'node:net';
import { BadRequest } from '../errors/httpErrors';
import type { freeTools } from '../../schema/free/freeTools';
import type { FamilyHandlers, InlineContext } from '../inline/inlineHandler';

function time(input: Record<string, unknown>, ctx: InlineContext) {
  const tz = String(input.tz ?? 'UTC');
  const now = ctx.deps.clock.now();
  let local: string;
  try {
    local = new Intl.DateTimeFormat('sv-SE', { timeZone: tz, dateStyle: 'short', timeStyle: 'medium' }).format(now).replace(' ', 'T');
  } catch {
    throw new BadRequest(`unknown time zone "${tz}"`, 'Use an IANA zone name such as UTC, Europe/Paris or America/New_York.', ctx.docs);
  }
  return {
    iso: now.toISOString(),
    unix: Math.floor(now.getTime() / 1000),
    unix_ms: now.getTime(),
    timezone: tz,
    local,
    day_of_week: new Intl.DateTimeFormat('en-US', { timeZone: tz, weekday: 'long' }).format(now),
  };
}

function uuid(input: Record<string, unknown>) {
  const uuids = Array.from({ length: Number(input.count ?? 1) }, () => randomUUID());
  return { uuid: uuids[0]!, ...(uuids.length > 1 ? { uuids } : {}) };
}

function hash(input: Record<string, unknown>) {
  const algorithm = String(input.algorithm ?? 'sha256');
  return { algorithm, hash: createHash(algorithm).update(String(input.text)).digest('hex'), encoding: 'hex' };
}

function base64(input: Record<string, unknown>, ctx: InlineContext) {
  const text = String(input.text);
  const encoding: BufferEncoding = input.url_safe ? 'base64url' : 'base64';
  if (input.mode === 'decode') {
    if (!/^[A-Za-z0-9+/_-]*={0,2}$/.test(text)) throw new BadRequest('text is not base64', 'Send base64 text to decode, or mode=encode.', ctx.docs);
    return { mode: 'decode', result: Buffer.from(text, encoding).toString('utf8') };
  }
  return { mode: 'encode', result: Buffer.from(text, 'utf8').toString(encoding) };
}

function random(input: Record<string, unknown>, ctx: InlineContext) {
  const min = Number(input.min ?? 1);
  const max = Number(input.max ?? 100);
  if (min > max) throw new BadRequest('min must not be greater than max', 'Swap min and max.', ctx.docs);
  // randomInt's range is [min, max) and at most 2^48 wide.
  if (max - min >= 2 ** 48) throw new BadRequest('the range is too wide', 'Keep max - min below 2^48.', ctx.docs);
  const values = Array.from({ length: Number(input.count ?? 1) }, () => randomInt(min, max + 1));
  return { value: values[0]!, ...(values.length > 1 ? { values } : {}), min, max };
}

/** The free utilities, keyed by registry name. */
export const freeUtilities: Omit<FamilyHandlers<typeof freeTools>, 'health' | 'status'> = {
  'free/time': time,
  'free/uuid': uuid,
  'free/ip': (_input, ctx) => ({ ip: ctx.state.clientIp, version: isIPv6(ctx.state.clientIp) ? 6 : 4 }),
  'free/hash': hash,
  'free/base64': base64,
  'free/random': random,
};
