import { modelEnv } from '../../../test/support/modelEnv';
import { linkedPage, SiteServer } from '../../../test/support/siteServer';
import { startTestService } from '../../../test/support/testService';
import { waitingOn } from '../recorder';
import { startScrapingPlatform } from './scrapingPlatform';
import { caller, FAST, type Group, newKey, withService } from './shared';

/** Crawls and scraping-platform runs: each completed, failed, and still waiting on its timer. */
export const scraping: Group = {
  name: 'scraping',
  about: 'websiteCrawl and actorRun (completed, failed, waiting on a timer) and their parent toolCalls',
  async run(rec) {
    const pages = ['/a', '/b'];
    const site = await SiteServer.start(() => ({
      '/': { body: linkedPage('Start', pages) },
      ...Object.fromEntries(pages.map((path) => [path, { body: linkedPage(`Page ${path}`, []) }])),
    }));
    // A site asking for 30 s between pages (capped at CRAWL_MAX_DELAY_MS): a crawl of it waits on its timer.
    const slowSite = await SiteServer.start(() => ({
      '/robots.txt': { type: 'text/plain', body: 'User-agent: *\nCrawl-delay: 30\n' },
      '/': { body: linkedPage('Slow start', ['/next']) },
      '/next': { body: linkedPage('Next', []) },
    }));
    const platform = await startScrapingPlatform();
    try {
      await withService(
        rec,
        () => startTestService({ env: { ...modelEnv(), ...FAST, APIFY_BASE_URL: platform.url } }),
        async (service) => {
          const key = await newKey(rec, service, 5);
          const api = caller(service, key);
          const { client } = service;
          const child = (parent: string, prefix: string) => parent.replace(/^call-/, `${prefix}-`);
          await rec.step('a crawl', async () => {
            const { workflowId } = await api.ok('/scrape/website', { url: `${site.base}/`, max_pages: 3, max_depth: 1 });
            await rec.closed(client, child(workflowId, 'crawl'), 'completed', {
              type: 'websiteCrawl',
              scenario: 'three pages, a politeness timer between them',
            });
            await rec.closed(client, workflowId, 'completed', { type: 'toolCall', scenario: '/scrape/website: the crawl as a child workflow' });
          });
          await rec.step('a crawl that fails', async () => {
            const { workflowId } = await api.send('POST', '/scrape/website', { url: `${site.base}/missing`, max_pages: 2, max_depth: 1 });
            await rec.closed(client, child(workflowId, 'crawl'), 'failed', { type: 'websiteCrawl', scenario: 'no page could be read (404)' });
            await rec.closed(client, workflowId, 'failed', { type: 'toolCall', scenario: '/scrape/website whose crawl failed: refunded' });
          });
          await rec.step('a crawl waiting between pages', async () => {
            const parent = api.started('/scrape/website', { url: `${slowSite.base}/`, max_pages: 2, max_depth: 1 });
            await rec.waiting(client, parent, waitingOn.child, { type: 'toolCall', scenario: '/scrape/website waiting on its crawl' }, { keepRunning: true });
            await rec.waiting(
              client,
              child(parent, 'crawl'),
              (events) => waitingOn.timer(events),
              {
                type: 'websiteCrawl',
                scenario: "a crawl waiting out the site's Crawl-delay (a durable timer)",
              },
              { keepRunning: true },
            );
            await client.workflow.getHandle(parent).terminate('recorded for the replay tests');
          });
          await rec.step('a platform run', async () => {
            const { workflowId } = await api.ok('/scrape/actor', { actor: 'acme/places', input: { q: 'coffee' } });
            await rec.closed(client, child(workflowId, 'actor-run'), 'completed', {
              type: 'actorRun',
              scenario: 'started, polled on a timer until it succeeded, dataset read',
            });
            await rec.closed(client, workflowId, 'completed', { type: 'toolCall', scenario: '/scrape/actor: the platform run as a child workflow' });
          });
          await rec.step('a platform run that fails', async () => {
            const { workflowId } = await api.send('POST', '/scrape/actor', { actor: 'acme~failing', input: {} });
            await rec.closed(client, child(workflowId, 'actor-run'), 'failed', { type: 'actorRun', scenario: 'the platform ended the run FAILED' });
            await rec.closed(client, workflowId, 'failed', { type: 'toolCall', scenario: '/scrape/actor whose run failed: refunded' });
          });
          await rec.step('a platform run still going', async () => {
            const parent = api.started('/scrape/actor', { actor: 'acme~slow', input: {} });
            await rec.waiting(
              client,
              child(parent, 'actor-run'),
              (events) => waitingOn.timer(events, 2),
              {
                type: 'actorRun',
                scenario: 'a run the platform still reports RUNNING: polled on a durable timer',
              },
              { keepRunning: true },
            );
            await client.workflow.getHandle(parent).terminate('recorded for the replay tests');
          });
        },
      );
    } finally {
      await Promise.all([site.stop(), slowSite.stop(), platform.stop()]);
    }
  },
};
