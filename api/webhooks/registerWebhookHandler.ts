import { refusedDestination } from '../errors/refusedDestination';
import { signingSecret } from '../../core/webhooks/signingSecret';
import { checkDestination } from '../../core/net/checkDestination';
import { UnsafeUrl } from '../../core/net/safeFetch';
import { LIVE_SCHEMA } from '../../core/projections';
import { registerWebhook } from '../../core/webhooks/registerWebhook';
import { InvalidAmount, microsToUsd, usdToMicros } from '../../schema/money';
import { DELIVERY_HEADERS, RETRY_SCHEDULE, SIGNATURE_RECIPE } from '../../schema/webhooks/notifications';
import { BadRequest } from '../errors/httpErrors';
import type { webhookTools } from '../../schema/webhooks/webhookTools';
import type { HandlerFor } from '../inline/inlineHandler';
import { callerAccount } from '../callerAccount';

// Enough for any real integration; a cap keeps one key from fanning every event out to thousands of URLs.
const MAX_WEBHOOKS_PER_KEY = 20;

/** POST /webhooks/register: an HTTPS endpoint for the key's notifications, with its signing secret shown once. */
export const registerWebhookHandler: HandlerFor<typeof webhookTools, 'webhooks/register'> = async (input, { deps, state, docs }) => {
  const { accountId, keyId } = callerAccount(state);
  const { url } = input;
  try {
    await checkDestination(url, deps.config.allowLocalHttp);
  } catch (error) {
    if (!(error instanceof UnsafeUrl)) throw error;
    throw refusedDestination(error, 'webhook URL', 'Register an https URL on a public address.', docs);
  }
  const thresholdMicros = input.threshold === undefined ? undefined : thresholdOf(input.threshold, docs);
  const { count } = await deps.store.db
    .withSchema(LIVE_SCHEMA)
    .selectFrom('webhooks')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('account_id', '=', accountId)
    .executeTakeFirstOrThrow();
  if (Number(count) >= MAX_WEBHOOKS_PER_KEY) {
    throw new BadRequest(`this key already has ${MAX_WEBHOOKS_PER_KEY} webhooks`, 'Delete one with DELETE /webhooks/{id} first.', docs);
  }
  const { events } = input;
  const { webhookId, createdAt } = await registerWebhook(deps.store, {
    accountId,
    keyId,
    url,
    events,
    thresholdMicros,
    ip: state.clientIp,
    requestId: state.requestId,
  });
  return {
    id: webhookId,
    url,
    events,
    threshold: thresholdMicros === undefined ? null : microsToUsd(thresholdMicros),
    created_at: createdAt.toISOString(),
    secret: signingSecret(deps.config.webhookSigningKey, { kind: 'webhook', id: webhookId }),
    signature: { header: DELIVERY_HEADERS.signature, event_id_header: DELIVERY_HEADERS.eventId, recipe: SIGNATURE_RECIPE },
    retries: RETRY_SCHEDULE,
    note: 'Store the secret now: it is shown only once.',
  };
};

function thresholdOf(usd: number, docs: string): number {
  try {
    return usdToMicros(usd);
  } catch (error) {
    if (error instanceof InvalidAmount) throw new BadRequest('threshold has more than 6 decimals', 'Give the threshold in USD, e.g. 0.5.', docs);
    throw error;
  }
}
