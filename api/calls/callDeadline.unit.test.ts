import type { HttpError } from '../errors/httpErrors';
import { callDeadline } from './callDeadline';

const NOW = 1_800_000_000_000;
const refusal = (headers: Record<string, string>) => {
  try {
    callDeadline(headers, NOW, 'https://docs.test');
  } catch (error) {
    return error as HttpError;
  }
  throw new Error('expected a refusal');
};

describe("a caller's deadline", () => {
  it('is the arrival plus X-Request-Timeout seconds (decimals too), or the smaller of it and a proxy’s milliseconds', () => {
    expect(callDeadline({}, NOW, 'd')).toBeUndefined();
    expect(callDeadline({ 'x-request-timeout': '5' }, NOW, 'd')).toBe(NOW + 5000);
    expect(callDeadline({ 'x-request-timeout': '0.25' }, NOW, 'd')).toBe(NOW + 250);
    expect(callDeadline({ 'x-request-timeout': '3600' }, NOW, 'd')).toBe(NOW + 3_600_000);
    expect(callDeadline({ 'x-envoy-expected-rq-timeout-ms': '1500' }, NOW, 'd')).toBe(NOW + 1500);
    expect(callDeadline({ 'x-request-timeout': '5', 'x-envoy-expected-rq-timeout-ms': '1500' }, NOW, 'd')).toBe(NOW + 1500);
  });

  it('refuses, 400 invalid_timeout, what is no positive number of seconds up to an hour, written plainly', () => {
    for (const value of ['0', '0.0', '-1', 'soon', '1e3', ' 5', '00.5', '3600.5', '86400']) {
      const error = refusal({ 'x-request-timeout': value });
      expect([error.status, error.code]).toEqual([400, 'invalid_timeout']);
    }
    expect(refusal({ 'x-envoy-expected-rq-timeout-ms': '2.5' }).code).toBe('invalid_timeout');
  });
});
