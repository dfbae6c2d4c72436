import { nearPath } from './fallback';

const PATHS = ['/code', '/sentiment', '/summarize', '/v1/chat/completions', '/v1/messages', '/data/weather', '/qa'];

describe('the path a 404 suggests', () => {
  it.each([
    ['/sentimnet', '/sentiment'],
    ['/summarise', '/summarize'],
    ['/v1/chat/completion', '/v1/chat/completions'],
    ['/data/wether', '/data/weather'],
  ])('%s: a typo of %s', (asked, meant) => {
    expect(nearPath(asked, PATHS)).toBe(meant);
  });

  it.each(['/nope', '/v1/responses', '/foo', '/agent/run'])('%s: nothing close enough, so no suggestion', (asked) => {
    expect(nearPath(asked, PATHS)).toBeNull();
  });
});
