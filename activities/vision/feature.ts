import type { ActivitiesFeature } from '../features';
import { fetchImage } from './fetchImage';
import { jsonToolRequest } from '../tools/model/toolPrompt';
import type { visionTools as visionEntries } from '../../schema/vision/visionTools';
import type { FamilyImplementations } from '../tools/toolImplementation';

/** /vision (schema/vision/visionTools.ts): the image is fetched through the URL guard and sent with the request. */
const visionTools: FamilyImplementations<typeof visionEntries> = {
  vision: {
    modelTask: async (entry, input, { deps, progress }) => {
      const image = await fetchImage(deps.safeFetch, input.image_url, deps.config.visionMaxImageBytes, progress.signal);
      const { image_url: _url, ...rest } = input;
      return { kind: 'json', request: jsonToolRequest(entry, rest, [image]) };
    },
  },
};

export const feature = { tools: visionTools } satisfies ActivitiesFeature;
