import { deleteWebhook } from '../../core/webhooks/deleteWebhook';
import { NotFound } from '../errors/httpErrors';
import type { InlineHandler } from '../inline/inlineHandler';
import { callerAccount } from '../callerAccount';

/** DELETE /webhooks/:id: someone else's webhook is as absent as a missing one. */
export const deleteWebhookHandler: InlineHandler = async (_input, { deps, state, params, docs }) => {
  const { accountId } = callerAccount(state);
  const webhookId = params.id ?? '';
  if (!(await deleteWebhook(deps.store, { webhookId, accountId, requestId: state.requestId }))) throw new NotFound(`no webhook ${webhookId}`, null, docs);
  return { id: webhookId, deleted: true };
};
