import { CallErrors, type UnreachableCause } from '../../schema/calls';
import { HttpError } from '../errors/httpErrors';
import { failureToHttp } from './failureToHttp';

const answer = (type: string, details: unknown[] = []) => {
  const error = failureToHttp(type, 'it failed', details, 'https://docs.test', 'https://docs.test', () => new Date());
  if (!(error instanceof HttpError)) throw new Error(`${type} is no HTTP answer`);
  return { status: error.status, headers: error.headers, body: error.body() };
};

describe('whose fault a failed call is, as its HTTP answer', () => {
  it.each<[UnreachableCause, number, string]>([
    ['no_such_host', 502, 'bad_gateway'],
    ['connection_refused', 502, 'bad_gateway'],
    ['connection_reset', 502, 'bad_gateway'],
    ['tls_failed', 502, 'bad_gateway'],
    ['bad_response', 502, 'bad_gateway'],
    ['resolver_failed', 503, 'upstream_unavailable'],
    ['timeout', 504, 'upstream_timeout'],
  ])('an upstream that could not be reached (%s) is a %s %s naming it and why', (cause, status, code) => {
    const { status: answered, body } = answer(CallErrors.unreachable, [{ upstream: 'api.example', cause, hint: 'later' }]);
    expect([answered, body]).toEqual([status, expect.objectContaining({ code, upstream: 'api.example', cause, hint: 'later' })]);
  });

  it.each([CallErrors.modelUnavailable, CallErrors.toolUnavailable])(
    'a configuration gap (%s) is 503 not_configured naming the settings, with no Retry-After and x-should-retry: false',
    (type) => {
      const { status, headers, body } = answer(type, [{ hint: 'Set X_KEY.', settings: ['X_KEY'] }]);
      expect(status).toBe(503);
      expect(headers).toEqual({ 'x-should-retry': 'false' });
      expect(body).toEqual({ error: 'it failed', code: 'not_configured', status: 'not_configured', hint: 'Set X_KEY.', settings: ['X_KEY'] });
    },
  );

  it('an upstream that answered an error is a 503 with Retry-After: its own when it gave one', () => {
    expect(answer(CallErrors.upstream, [{ hint: 'later', retry_after_s: 7 }])).toMatchObject({
      status: 503,
      headers: { 'Retry-After': '7' },
      body: { code: 'upstream_unavailable', retry_after: 7 },
    });
  });

  it('the caller’s own errors keep their code: invalid input, and a refused URL', () => {
    expect(answer(CallErrors.invalidInput).body).toMatchObject({ code: 'invalid_request' });
    expect(answer(CallErrors.invalidInput, [{ hint: 'public https only', code: 'url_refused' }]).body).toMatchObject({ code: 'url_refused' });
    expect(answer(CallErrors.notFound)).toMatchObject({ status: 404, body: { code: 'not_found' } });
  });
});
