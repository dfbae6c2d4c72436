import { changeKeySettings, type KeyChangeRefusal } from '../../core/accounts/changeKeySettings';
import { createKey } from '../../core/accounts/createKey';
import { revokeKey } from '../../core/accounts/revokeKey';
import { rotateKey } from '../../core/accounts/rotateKey';
import { type KeySettings, NO_LIMITS } from '../../schema/accounts/keySettings';
import type { accountTools } from '../../schema/accounts/accountTools';
import { BadRequest, Conflict, type HttpError, NotFound } from '../errors/httpErrors';
import type { HandlerFor, InlineContext } from '../inline/inlineHandler';
import { keyManager, settingsOf } from './keySettingsInput';
import { accountKeyViews } from './keyView';

type Handler<Name extends (typeof accountTools)[number]['name']> = HandlerFor<typeof accountTools, Name>;

/** POST /auth/keys: another key of the caller's account, with its own limits; its secret is in this answer only. */
export const createAccountKey: Handler<'auth/keys/create'> = async (input, ctx) => {
  const { deps, state, docs } = ctx;
  const manager = keyManager(state.caller, docs);
  const settings: KeySettings = { label: null, ...NO_LIMITS, manageKeys: false, ...settingsOf(input, deps, docs) };
  const created = await createKey(deps.store, {
    accountId: manager.accountId,
    settings,
    createdBy: manager.keyId,
    requestId: state.requestId,
    ip: state.clientIp,
  });
  if (!created.ok) throw new BadRequest(created.message, 'Leave manage_keys out for a key with limits.', docs).forField('manage_keys');
  const view = await oneKey(ctx, manager.accountId, created.keyId);
  return { ...view, key: created.key, note: 'Store this key now: only its hash is kept.' };
};

/** GET /auth/keys: the account's keys, masked, with their limits, spend and last use. */
export const listAccountKeys: Handler<'auth/keys'> = async (_input, { deps, state, docs }) => {
  const manager = keyManager(state.caller, docs);
  return { keys: await accountKeyViews(deps.store.db, manager.accountId, deps.clock.now(), { callingKeyId: manager.keyId }) };
};

/** PATCH /auth/keys/{key_id}: the fields given replace the key's (null removes a limit). */
export const updateAccountKey: Handler<'auth/keys/update'> = async (input, ctx) => {
  const { deps, state, docs } = ctx;
  const manager = keyManager(state.caller, docs);
  const { key_id: keyId, ...fields } = input;
  const change = settingsOf(fields, deps, docs);
  if (Object.keys(change).length === 0) {
    throw new BadRequest(
      'nothing to change',
      'Send at least one of label, daily_limit_usd, monthly_limit_usd, rpm, allowed_tools, expires_at, manage_keys.',
      docs,
    );
  }
  const changed = await changeKeySettings(deps.store, {
    accountId: manager.accountId,
    keyId,
    change,
    requestId: state.requestId,
    actor: `key:${manager.keyId}`,
  });
  if (!changed.ok) throw keyChangeError(changed, docs);
  return oneKey(ctx, manager.accountId, keyId);
};

/** POST /auth/keys/{key_id}/rotate: a new secret; the old one works grace_seconds more. */
export const rotateAccountKey: Handler<'auth/keys/rotate'> = async (input, { deps, state, docs }) => {
  const manager = keyManager(state.caller, docs);
  const rotated = await rotateKey(deps.store, deps.clock, {
    accountId: manager.accountId,
    keyId: input.key_id,
    graceSeconds: input.grace_seconds ?? 0,
    requestId: state.requestId,
    actor: `key:${manager.keyId}`,
  });
  if (!rotated.ok) throw keyChangeError(rotated, docs);
  return {
    key_id: input.key_id,
    key: rotated.key,
    masked: rotated.masked,
    previous: { masked: rotated.previous.masked, works_until: rotated.previous.retiresAt.toISOString() },
    note: 'Store this key now: only its hash is kept.',
  };
};

/** DELETE /auth/keys/{key_id}: the key stops at once, on every replica. */
export const revokeAccountKey: Handler<'auth/keys/revoke'> = async (input, ctx) => {
  const { deps, state, docs } = ctx;
  const manager = keyManager(state.caller, docs);
  const revoked = await revokeKey(deps.store, {
    keyId: input.key_id,
    accountId: manager.accountId,
    reason: 'revoked by its account',
    by: 'holder',
    requestId: state.requestId,
    actor: `key:${manager.keyId}`,
  });
  if (!revoked.ok) throw keyChangeError(revoked, docs);
  return oneKey(ctx, manager.accountId, input.key_id);
};

export async function oneKey({ deps, state }: InlineContext, accountId: string, keyId: string) {
  const callingKeyId = state.caller?.kind === 'key' ? state.caller.keyId : undefined;
  const [view] = await accountKeyViews(deps.store.db, accountId, deps.clock.now(), { only: keyId, callingKeyId });
  if (!view) throw new Error(`key ${keyId} of ${accountId} has no row after its change`);
  return view;
}

export function keyChangeError(refusal: KeyChangeRefusal, docs: string): HttpError {
  switch (refusal.reason) {
    case 'not_found':
      return new NotFound(refusal.message, 'GET /auth/keys lists the account’s keys.', docs);
    case 'revoked':
      return new Conflict(refusal.message, 'Create another key with POST /auth/keys.', docs);
    case 'manage_keys_restricted':
      return new BadRequest(refusal.message, 'Remove the key’s limits first, or leave manage_keys false.', docs).forField('manage_keys');
    case 'last_manager':
      return new Conflict(refusal.message, 'Give another key manage_keys first, or rotate this one.', docs).withCode('last_manager_key');
  }
}
