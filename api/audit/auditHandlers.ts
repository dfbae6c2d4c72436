import { buildStatement, logKeyDocument } from '../../core/audit/buildStatement';
import { checkpointsWithProofs, issueCheckpoint } from '../../core/audit/checkpoints';
import { type LogSigner, logSigner } from '../../core/audit/logKey';
import type { auditTools } from '../../schema/audit/auditTools';
import type { AppDeps } from '../deps';
import { callerAccount } from '../callerAccount';
import { BadRequest, NotFound } from '../errors/httpErrors';
import type { FamilyHandlers } from '../inline/inlineHandler';

/** One signer a configuration (the key is parsed once, not at every request). */
const signers = new WeakMap<AppDeps['config'], LogSigner>();
function signerOf(deps: AppDeps): LogSigner {
  let signer = signers.get(deps.config);
  if (!signer) signers.set(deps.config, (signer = logSigner(deps.config.logSigningKey)));
  return signer;
}

export const auditHandlers: FamilyHandlers<typeof auditTools> = {
  'audit/statement': async (input, { deps, state, docs }) => {
    const { accountId } = callerAccount(state);
    const now = deps.clock.now();
    const to = input.to ? new Date(input.to) : now;
    const from = input.from ? new Date(input.from) : undefined;
    if (from && from > to) throw new BadRequest('`from` is after `to`', 'Give a period whose start comes before its end.', docs);
    const statement = await buildStatement(deps.store.db, signerOf(deps), { accountId, to, now, ...(from ? { from } : {}) });
    return { ...statement };
  },
  'audit/checkpoints': async (input, { deps }) => ({
    log_key: logKeyDocument(signerOf(deps)),
    checkpoints: await checkpointsWithProofs(deps.store.db, input.limit, input.before),
  }),
  '.well-known/toolgate-log-key': (_input, { deps }) => ({ ...logKeyDocument(signerOf(deps)) }),
  'admin/audit/checkpoint': async (_input, { deps, docs }) => {
    const checkpoint = await issueCheckpoint(deps.store.db, signerOf(deps), deps.clock.now());
    if (!checkpoint) throw new NotFound('the event log is empty', 'Nothing to sign until an event is appended.', docs);
    return { ...checkpoint };
  },
};
