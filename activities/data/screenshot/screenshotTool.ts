import type { ToolResult } from '../../../schema/calls';
import type { ToolInput } from '../../../schema/registry/toolInput';
import type { dataTools } from '../../../schema/data/dataTools';
import { storeScreenshot } from '../../../core/data/storeScreenshot';
import type { ToolContext } from '../../tools/toolImplementation';
import { sourcedResult } from '../upstream/lookupSource';
import { takeScreenshot } from './takeScreenshot';

type ScreenshotInput = ToolInput<typeof dataTools, 'data/screenshot'>;

/**
 * /data/screenshot: the page rendered by the worker's Chromium, the PNG stored by its hash, and only the id and
 * its URL returned (images never travel through workflow results). The same page and size within
 * SCREENSHOT_CACHE_SECONDS is answered from the cache.
 */
export async function screenshotTool(input: ScreenshotInput, { deps, progress }: ToolContext): Promise<ToolResult> {
  const { config } = deps;
  const key = `screenshot:${JSON.stringify([input.url, input.height, input.full_page])}`;
  const { value, cached } = await deps.lookupCache.remember(key, config.screenshotCacheSeconds, async () => {
    const shot = await takeScreenshot(
      deps.pageBrowser,
      deps.safeFetch,
      {
        url: input.url,
        height: input.height,
        fullPage: input.full_page,
        maxHeight: config.screenshotMaxHeight,
        timeoutMs: config.screenshotTimeoutSeconds * 1000,
        allowLocalHttp: config.allowLocalHttp,
      },
      progress.signal,
    );
    const id = await storeScreenshot(deps.db, { png: shot.png, pageUrl: input.url, width: shot.width, height: shot.height });
    return {
      url: input.url,
      screenshot_id: id,
      screenshot_url: `${config.publicBaseUrl}/data/screenshot/${id}`,
      width: shot.width,
      height: shot.height,
      bytes: shot.png.length,
      ...(shot.title ? { title: shot.title } : {}),
      taken_at: deps.clock.now().toISOString(),
    };
  });
  return sourcedResult('chromium', value, cached);
}
