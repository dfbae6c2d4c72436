import { nextUtcMidnight } from '../../core/clock/clock';
import { issueKey } from '../../core/accounts/issueKey';
import { microsToUsd } from '../../schema/money';
import { TooManyRequests } from '../errors/httpErrors';
import type { accountTools } from '../../schema/accounts/accountTools';
import type { HandlerFor } from '../inline/inlineHandler';
import { links } from '../links';

/** POST /auth/generate-key: a key with trial credit, a few per IP a day so the credit cannot be farmed. */
export const generateKey: HandlerFor<typeof accountTools, 'auth/generate-key'> = async (input, { deps, state }) => {
  const { config, store, clock } = deps;
  const issued = await issueKey(store, clock, {
    label: input.label,
    ip: state.clientIp,
    requestId: state.requestId,
    credit: config.trialCredit,
    reason: 'trial',
    trialLimitPerIp: config.trialKeysPerIpDaily,
  });
  if (!issued.ok) {
    const now = clock.now();
    const reset = nextUtcMidnight(now);
    throw new TooManyRequests(issued.limit, Math.ceil((reset.getTime() - now.getTime()) / 1000), reset, links(config).topUp).withMessage(
      `this IP has created ${issued.limit} trial keys today; more tomorrow, or buy credit`,
    );
  }
  return {
    key: issued.key,
    key_id: issued.keyId,
    label: input.label ?? null,
    balance_usd: microsToUsd(config.trialCredit),
    created_at: issued.createdAt.toISOString(),
    note: 'Store this key now: only its hash is kept. Only a repeat of this request with the same X-Request-Id or Idempotency-Key gets this answer again (for 24 h, kept sealed under that id).',
    usage: {
      header: `Authorization: Bearer ${issued.key}`,
      example: `curl -X POST ${config.publicBaseUrl}/sentiment -H 'Authorization: Bearer ${issued.key}' -H 'Content-Type: application/json' -d '{"text":"I love it"}'`,
    },
  };
};
