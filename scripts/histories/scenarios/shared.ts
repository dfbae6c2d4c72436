import type http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { generateKey, type TestKey, topUp } from '../../../test/support/accounts';
import { keyCallId } from '../../../test/support/callIds';
import type { ScriptedAnswer } from '../../../test/support/scriptedModelServer';
import type { TestService } from '../../../test/support/testService';
import type { HistoryRecorder } from '../recorder';

/**
 * What `npm run histories:record` drives, group by group: the service's own API and worker (test/support/testService.ts)
 * on the real dev server and a database of their own, with loopback stand-ins for what lies outside (a model
 * provider, a website, the scraping platform, a webhook receiver, a chain). Each group starts what it needs, and
 * terminates whatever it left running on its task queue before it stops.
 */
export interface Group {
  readonly name: string;
  readonly about: string;
  run(rec: HistoryRecorder, say: (line: string) => void): Promise<void>;
}

/** Throwaway values for everything secret the service is given, whatever the shell holds: histories are committed. */
export const THROWAWAY = {
  ADMIN_TOKEN: 'histories-admin-token-throwaway',
  WEBHOOK_SIGNING_KEY: 'histories-webhook-signing-key-throwaway-value',
};
export const APIFY_TOKEN = 'histories-apify-token-throwaway';

/** The main service's timings: fast retries and claims, a short crawl delay, the scraping platform polled every second. */
export const FAST = {
  ...THROWAWAY,
  WEBHOOK_RETRY_FIRST_MS: '200',
  WEBHOOK_RETRY_MAX_INTERVAL_MS: '1000',
  WEBHOOK_RETRY_WINDOW_SECONDS: '5',
  WEBHOOK_TIMEOUT_SECONDS: '2',
  TASK_CLAIM_SECONDS: '2',
  CRAWL_DELAY_MS: '200',
  APIFY_TOKEN,
  APIFY_POLL_SECONDS: '1',
  APIFY_RUN_TIMEOUT_SECONDS: '600',
  CATALOG_PROBE_TIMEOUT_SECONDS: '2',
};

export const REVIEW = 'The delivery arrived two weeks late and the box was crushed. Support never answered. I will not order again.';
export const DECISION = {
  decision: 'Self-host PostgreSQL',
  pros: ['Full control'],
  cons: ['Operations effort'],
  risks: ['Data loss without tested backups'],
  recommendation: 'Use a managed service until a database engineer joins.',
  confidence: 0.72,
};
export const reply = (move: Record<string, unknown>): ScriptedAnswer => ({ text: JSON.stringify(move) });
export const answer = (text: string): ScriptedAnswer => reply({ thought: 'I can answer directly.', answer: text });

/** A caller of the API with one key: its calls, and the workflow id each makes. */
export function caller(service: TestService, key: TestKey) {
  const send = async (method: string, path: string, body?: unknown, requestId: string = randomUUID(), headers: Record<string, string> = {}) => {
    const response = await fetch(`${service.baseUrl}${path}`, {
      method,
      headers: { 'X-Request-Id': requestId, ...key.auth, ...headers, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    let parsed: any = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // not JSON: kept as text
    }
    return { status: response.status, body: parsed, workflowId: `call-${keyCallId(key.keyId, requestId)}` };
  };
  return {
    send,
    /** A call that must answer 200. */
    async ok(path: string, body: unknown) {
      const answered = await send('POST', path, body);
      if (answered.status !== 200) throw new Error(`${path} answered ${answered.status}: ${JSON.stringify(answered.body).slice(0, 300)}`);
      return answered;
    },
    /** A call whose answer is not awaited (it runs long): its workflow id. */
    started(path: string, body: unknown): string {
      const requestId = randomUUID();
      send('POST', path, body, requestId).catch(() => undefined);
      return `call-${keyCallId(key.keyId, requestId)}`;
    },
  };
}

export const typeOn = (service: TestService, type: string, extra = '') => `TaskQueue = "${service.config.taskQueue}" AND WorkflowType = "${type}"${extra}`;

export async function withService<T>(rec: HistoryRecorder, start: () => Promise<TestService>, work: (service: TestService) => Promise<T>): Promise<T> {
  const service = await start();
  rec.secret(service.config.adminToken, service.config.webhookSigningKey);
  try {
    return await work(service);
  } finally {
    await service.subscriber.catchUp().catch(() => undefined);
    await rec.sweep(service.client, service.config.taskQueue).catch(() => undefined);
    await service.stop();
  }
}

export async function newKey(rec: HistoryRecorder, service: TestService, topUpUsd = 0): Promise<TestKey> {
  const key = await generateKey(service.baseUrl, 'histories');
  rec.secret(key.key);
  if (topUpUsd > 0) {
    const response = await topUp(service.baseUrl, service.config.adminToken, key.key, topUpUsd);
    if (response.status !== 200) throw new Error(`topping up answered ${response.status}`);
  }
  return key;
}

export async function listen(server: http.Server): Promise<{ url: string; stop(): Promise<void> }> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    stop: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
