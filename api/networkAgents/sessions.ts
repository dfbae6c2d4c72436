import { networkAgentsOf } from '../../core/networkAgents/networkAgentDirectory';
import { issueChallenge } from '../../core/sessions/issueChallenge';
import { verifyChallenge } from '../../core/sessions/verifyChallenge';
import { walletOwner } from '../../core/networkAgents/owners';
import { BadRequest, Unauthorized } from '../errors/httpErrors';
import type { networkAgentTools } from '../../schema/networkAgents/networkAgentTools';
import type { HandlerFor, InlineHandler } from '../inline/inlineHandler';

/** POST /agents/challenge: a Sign-In-With-Ethereum message with a single-use nonce and an expiry. */
export const challengeHandler: HandlerFor<typeof networkAgentTools, 'agents/challenge'> = async (input, { deps, state }) => {
  const challenge = await issueChallenge(deps.store, deps.config, deps.clock, {
    address: input.address,
    ip: state.clientIp,
    requestId: state.requestId,
  });
  return {
    message: challenge.message,
    nonce: challenge.nonce,
    address: challenge.address,
    issued_at: challenge.issuedAt.toISOString(),
    expires_at: challenge.expiresAt.toISOString(),
  };
};

/** POST /agents/verify: the signed challenge becomes a session token; a refusal is a 401 saying why. */
export const verifyHandler: HandlerFor<typeof networkAgentTools, 'agents/verify'> = async (input, { deps, state, docs }) => {
  const verdict = await verifyChallenge(deps.store, deps.config, deps.clock, {
    message: input.message,
    signature: input.signature,
    ip: state.clientIp,
    requestId: state.requestId,
  });
  if (!verdict.ok) {
    if (verdict.reason === 'malformed') throw new BadRequest(verdict.message, 'Send the message exactly as POST /agents/challenge returned it.', docs);
    throw new Unauthorized(verdict.message, 'Ask for a new challenge (POST /agents/challenge) and sign it with the wallet it names.')
      .withCode('invalid_session')
      .withHeaders({
        'X-Refusal': verdict.reason,
      });
  }
  return {
    token: verdict.token,
    token_type: 'Bearer',
    address: verdict.address,
    expires_at: verdict.expiresAt.toISOString(),
    expires_in: deps.config.agentSessionTtlSeconds,
  };
};

/** GET /agents/me: the session's wallet and its agents (requireIdentity('session') runs first). */
export const meHandler: InlineHandler = async (_input, { deps, state }) => {
  const caller = state.caller;
  if (caller?.kind !== 'wallet') throw new Error("requireIdentity('session') must run before /agents/me");
  return {
    address: caller.address,
    session_expires_at: caller.expiresAt.toISOString(),
    agents: await networkAgentsOf(deps.store.db, walletOwner(caller.address)),
  };
};
