import type { TestKey } from './accounts';
import { json } from './json';

/** A small client of the agent network's endpoints, as a caller with a key (or a session token) would use them. */
export function agentNetwork(baseUrl: string) {
  const post = (path: string, body: unknown, auth: Record<string, string> = {}) =>
    fetch(`${baseUrl}${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json', ...auth }, body: JSON.stringify(body) });
  const get = (path: string, auth: Record<string, string> = {}) => fetch(`${baseUrl}${path}`, { headers: auth });

  /** A call expected to answer 200: its JSON body. */
  async function ok(response: Promise<Response>) {
    const answer = await response;
    const body = await json(answer);
    if (answer.status !== 200) throw new Error(`expected 200, got ${answer.status}: ${JSON.stringify(body)}`);
    return body;
  }

  return {
    post,
    get,
    ok,
    async register(key: TestKey, name: string, extra: Record<string, unknown> = {}): Promise<string> {
      return (await ok(post('/agents/register', { name, ...extra }, key.auth))).agent_id as string;
    },
    async balance(key: TestKey): Promise<number> {
      return (await ok(get('/auth/status', key.auth))).balance_usd as number;
    },
  };
}
