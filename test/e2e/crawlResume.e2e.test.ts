import { readStream } from '../../core/eventStore';
import type { CrawlProgress } from '../../schema/scraping/crawl';
import { generateKey } from '../support/accounts';
import { keyCallId } from '../support/callIds';
import { json } from '../support/json';
import { linkedPage, SiteServer } from '../support/siteServer';
import { startTestService, type TestService } from '../support/testService';
import { waitFor } from '../support/waitFor';
import { killed, spawnWorker } from '../support/workerProcess';

let service: TestService;
let site: SiteServer;
const PAGES = ['/p1', '/p2', '/p3', '/p4', '/p5'];

beforeAll(async () => {
  site = await SiteServer.start(() => ({
    '/': { body: linkedPage('Start', PAGES) },
    ...Object.fromEntries(PAGES.map((path) => [path, { body: linkedPage(`Page ${path}`, []) }])),
  }));
  // No worker in the API process: the crawl runs in worker processes this test can kill.
  service = await startTestService({ worker: 'none' });
});
afterAll(async () => {
  await service.stop();
  await site.stop();
});

describe('a crawl whose worker is killed', () => {
  it('resumes on another worker where it was (its progress query shows how far): pages read before the kill are not read again, and it is charged once', async () => {
    const { keyId, auth } = await generateKey(service.baseUrl);
    // A second between pages (a durable timer): long enough to kill the worker mid-crawl.
    const workerEnv = { CRAWL_DELAY_MS: '1000' };
    const first = spawnWorker(service.config, service.database.url, workerEnv);
    const second: { child?: ReturnType<typeof spawnWorker> } = {};
    try {
      const requestId = `crawl-resume-${Date.now()}`;
      // The crawl is the call's: its workflow is `crawl-<call id>` and its pages are stored under the call id.
      const callId = keyCallId(keyId, requestId);
      const answer = fetch(`${service.baseUrl}/scrape/website`, {
        method: 'POST',
        headers: { ...auth, 'Content-Type': 'application/json', 'X-Request-Id': requestId },
        body: JSON.stringify({ url: `${site.base}/`, max_pages: 6, max_depth: 1 }),
      });

      const crawl = service.client.workflow.getHandle(`crawl-${callId}`);
      const midway = await waitFor(
        async () => {
          const progress = await crawl.query<CrawlProgress>('progress');
          return progress.pages_crawled >= 2 ? progress : null;
        },
        'two pages of the crawl',
        // A worker process starts (and bundles its workflows) first: slow on a busy machine.
        120_000,
      );
      expect(midway).toMatchObject({ pages_tried: expect.any(Number), queued: expect.any(Number) });
      await killed(first);
      const storedAtKill = await service.database.db.selectFrom('scraped_pages').select('page_number').where('crawl_id', '=', callId).execute();
      expect(storedAtKill.length).toBeLessThan(6);
      second.child = spawnWorker(service.config, service.database.url, workerEnv);

      const response = await answer;
      expect(response.status).toBe(200);
      const body = await json(response);
      expect(body.pages.map((p: { url: string }) => p.url.replace(site.base, ''))).toEqual(['/', ...PAGES]);
      expect(body).toMatchObject({ pages_crawled: 6, stopped_by: 'done' });
      // A page whose activity died with the worker may be read again; no page before it was.
      const reread = ['/', ...PAGES].filter((path) => site.hits(path) > 1);
      expect(reread.length).toBeLessThanOrEqual(1);
      expect(site.hits('/robots.txt')).toBe(1);

      expect((await readStream(service.database.db, `call-${callId}`)).map((e) => e.type)).toEqual(['ToolCallStarted', 'ToolCallCompleted']);
      const money = (await readStream(service.database.db, `account-${keyId}`)).filter((e) => 'callId' in e.data && e.data.callId === callId);
      expect(money.map((e) => e.type)).toEqual(['ChargeReserved', 'ChargeSettled']);
      const history = await crawl.fetchHistory();
      expect((history.events ?? []).filter((e) => e.timerStartedEventAttributes).length).toBe(5);
    } finally {
      await killed(first);
      if (second.child) await killed(second.child);
    }
  }, 240_000);
});
