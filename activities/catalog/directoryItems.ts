/** One API as APIs.guru's list.json describes its preferred version (https://api.apis.guru/v2/list.json). */
export interface DirectoryItem {
  readonly info: Record<string, unknown>;
  readonly updated: string | null;
  /** The API's OpenAPI document on the directory: where its base URL and auth are read. */
  readonly specUrl: string | null;
}

/** The directory's APIs in id order: each one's preferred version (or its last, when none is marked). */
export function directoryItems(list: unknown): { id: string; item: DirectoryItem }[] {
  if (typeof list !== 'object' || list === null || Array.isArray(list)) throw new Error('the directory is not a JSON object of APIs (APIs.guru list.json)');
  const items: { id: string; item: DirectoryItem }[] = [];
  for (const id of Object.keys(list).sort()) {
    const api = (list as Record<string, { preferred?: string; versions?: Record<string, Record<string, unknown>> }>)[id];
    const versions = api?.versions ?? {};
    const version = versions[api?.preferred ?? ''] ?? Object.values(versions).at(-1);
    if (!version) continue;
    items.push({
      id,
      item: {
        info: (version.info ?? {}) as Record<string, unknown>,
        updated: typeof version.updated === 'string' ? version.updated : null,
        specUrl: typeof version.swaggerUrl === 'string' ? version.swaggerUrl : null,
      },
    });
  }
  return items;
}
