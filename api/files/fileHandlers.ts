import { deleteFile } from '../../core/files/deleteFile';
import { checkFileUrl, fileUrlKey } from '../../core/files/fileUrls';
import { findFile, readBlob } from '../../core/files/findFile';
import { listAgentFiles } from '../../core/files/listFiles';
import { storeFile } from '../../core/files/storeFile';
import { findOwnedNetworkAgent } from '../../core/networkAgents/ownedNetworkAgent';
import { ownedBy } from '../../core/networkAgents/owners';
import type { fileTools } from '../../schema/files/fileTools';
import { callerOwner } from '../callerOwner';
import { BadRequest, NotFound, PayloadTooLarge, Unauthorized } from '../errors/httpErrors';
import { BinaryBody, type HandlerFor, type InlineHandler, type FamilyHandlers } from '../inline/inlineHandler';
import { fileView } from './fileView';

const noAgent = (agentId: string, docs: string) =>
  new NotFound(`no agent ${agentId} of yours`, 'POST /agents/register creates one; GET /agents/me lists a wallet’s.', docs);
const noFile = (fileId: string, docs: string) =>
  new NotFound(`no file ${fileId} of yours`, 'POST /files/upload stores one; a signed URL reads another owner’s.', docs);

/** POST /files/upload: the bytes come from fileBody (multipart or base64), never from the validated input. */
const upload: HandlerFor<typeof fileTools, 'files/upload'> = async (input, { deps, state, docs }) => {
  if (!state.upload) throw new BadRequest('no file in the request', 'Send multipart/form-data with a file part, or JSON with content_base64.', docs);
  const owner = callerOwner(state);
  const outcome = await storeFile(deps.store, {
    owner,
    agentId: input.agent_id ?? null,
    bytes: state.upload.bytes,
    name: input.filename ?? state.upload.filename,
    quotaBytes: deps.config.fileQuotaBytes,
  });
  if (outcome.kind === 'no-such-agent') throw noAgent(input.agent_id ?? '', docs);
  if (outcome.kind === 'over-quota') {
    throw new PayloadTooLarge(deps.config.fileMaxBytes, docs)
      .withMessage(`storing this file would pass your storage quota of ${outcome.quotaBytes} bytes (${outcome.usedBytes} used)`)
      .withFields({ hint: 'Delete files you no longer need (DELETE /files/{file_id}).', quota_bytes: outcome.quotaBytes, used_bytes: outcome.usedBytes });
  }
  return fileView(outcome.file, deps.config, deps.clock.now(), input.url_ttl_seconds ?? deps.config.fileUrlTtlSeconds);
};

/** GET /files/:file_id: the bytes, to the owner or to whoever holds a genuine, unexpired signed URL. */
const serve: HandlerFor<typeof fileTools, 'files/get'> = async (input, { deps, state, docs, setHeader }) => {
  const file = await findFile(deps.store.db, input.file_id);
  if (input.signature !== undefined || input.expires !== undefined) {
    const verdict = checkFileUrl(fileUrlKey(deps.config), input.file_id, input.expires ?? 0, input.signature ?? '', deps.clock.now());
    if (verdict === 'forged')
      throw new Unauthorized('the signed URL is not valid for this file', 'Use the signed_url exactly as POST /files/upload or GET /files/list gave it.');
    if (verdict === 'expired')
      throw new Unauthorized('the signed URL has expired', 'Ask the file’s owner for a fresh one (GET /files/list/{agent_id} signs anew).');
    if (!file) throw new NotFound(`no file ${input.file_id}`, 'It was deleted.', docs);
    setHeader('Cache-Control', 'private, no-store');
  } else {
    const kind = state.caller?.kind;
    if (kind !== 'key' && kind !== 'wallet') throw new Unauthorized('missing credentials', 'Send your API key or wallet session, or use a signed URL.');
    if (!file || !ownedBy(file, callerOwner(state))) throw noFile(input.file_id, docs);
    setHeader('Cache-Control', 'private, max-age=0');
  }
  const bytes = await readBlob(deps.store.db, file.sha256);
  if (!bytes) throw new NotFound(`no file ${input.file_id}`, 'It was deleted.', docs);
  setHeader('ETag', `"${file.sha256}"`);
  setHeader('X-Content-Type-Options', 'nosniff');
  if (file.name) setHeader('Content-Disposition', `inline; filename*=UTF-8''${encodeURIComponent(file.name)}`);
  return new BinaryBody(file.content_type, bytes);
};

/** GET /files/list/:agent_id: the agent's files, for its owner only (another's agent is not found). */
const list: HandlerFor<typeof fileTools, 'files/list'> = async (input, { deps, state, docs }) => {
  if (!(await findOwnedNetworkAgent(deps.store.db, input.agent_id, callerOwner(state)))) throw noAgent(input.agent_id, docs);
  const files = await listAgentFiles(deps.store.db, input.agent_id, input.limit ?? 20);
  const now = deps.clock.now();
  return { agent_id: input.agent_id, files: files.map((f) => fileView(f, deps.config, now, deps.config.fileUrlTtlSeconds)), count: files.length };
};

/** DELETE /files/:file_id: by its owner; the bytes go with the last file naming them. */
const remove: HandlerFor<typeof fileTools, 'files/delete'> = async (input, { deps, state, docs }) => {
  const outcome = await deleteFile(deps.store, callerOwner(state), input.file_id);
  if (!outcome.deleted) throw noFile(input.file_id, docs);
  return { file_id: input.file_id, deleted: true };
};

/** Files are inline: the bytes never travel through a workflow (core/files/). */
export const fileHandlers: FamilyHandlers<typeof fileTools> = {
  'files/upload': upload as InlineHandler,
  'files/get': serve as InlineHandler,
  'files/list': list as InlineHandler,
  'files/delete': remove as InlineHandler,
};
