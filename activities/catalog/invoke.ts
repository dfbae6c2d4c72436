import type { ToolResult } from '../../schema/calls';
import type { catalogTools } from '../../schema/catalog/catalogTools';
import type { ToolInput } from '../../schema/registry/toolInput';
import type { ToolContext } from '../tools/toolImplementation';
import { callApi } from './callApi';

/** What `_meta.model` says answered: no model, the request passed through. */
export const PROXY = 'proxy/http';

/** /catalog/{id}/invoke: a request below a catalogued API's base URL. */
export async function invoke(input: ToolInput<typeof catalogTools, 'catalog/invoke'>, { deps, progress }: ToolContext): Promise<ToolResult> {
  progress.update({ phase: 'fetching' });
  const output = await callApi(
    deps,
    { apiId: input.id, path: input.path, method: input.method, query: input.query, body: input.body, headers: input.headers },
    progress.signal,
  );
  return { output, model: PROXY, tokens: { input: 0, output: 0 } };
}
