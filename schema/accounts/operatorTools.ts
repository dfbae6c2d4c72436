import { inline, keyId, keyView, num } from './accountShapes';
import { object } from '../registry/fields';
import type { ToolDraft } from '../registry/types';

/** The operator's (admin token): look up an account, revoke any key, refund a call. */
export const operatorTools = [
  {
    ...inline,
    name: 'admin/accounts',
    title: 'Find an account (operator)',
    path: '/admin/accounts',
    method: 'GET',
    access: 'admin',
    summary: 'Operator: find an account by the start of one of its keys (`apk_` and 4 more characters at least) or by a wallet',
    input: object({
      key_prefix: {
        type: 'string',
        minLength: 8,
        maxLength: 200,
        pattern: '^apk_',
        description: "A key's first characters as its mask shows them, or a whole key.",
      },
      wallet: { type: 'string', pattern: '^0x[0-9a-fA-F]{40}$' },
    }),
    output: object(
      {
        accounts: {
          type: 'array',
          items: object(
            {
              account_id: { type: 'string' },
              kind: { enum: ['key', 'wallet'] },
              balance_usd: num,
              reserved_usd: num,
              spent_usd: num,
              credited_usd: num,
              keys: { type: 'array', items: keyView },
            },
            ['account_id', 'kind', 'balance_usd', 'reserved_usd', 'spent_usd', 'credited_usd', 'keys'],
          ),
        },
      },
      ['accounts'],
    ),
    example: { key_prefix: 'apk_Ab3d' },
  },
  {
    ...inline,
    name: 'admin/keys/revoke',
    title: 'Revoke any key (operator)',
    path: '/admin/keys/:key_id',
    method: 'DELETE',
    access: 'admin',
    summary: 'Operator: revoke any key (its account is named in the answer)',
    input: object({ key_id: keyId }, ['key_id']),
    output: object({ ...keyView.properties, account_id: { type: 'string' } }, [...keyView.required, 'account_id']),
  },
  {
    ...inline,
    name: 'admin/calls/refund',
    title: 'Refund a call (operator)',
    path: '/admin/calls/:call_id/refund',
    method: 'POST',
    access: 'admin',
    summary: "Operator: give a completed call's charge back to its key's account (a compensating event, once a call)",
    input: object(
      {
        call_id: { type: 'string', minLength: 1, maxLength: 128, description: 'The call (its X-Request-Id).' },
        reason: { type: 'string', minLength: 1, maxLength: 500 },
      },
      ['call_id', 'reason'],
    ),
    output: object({ call_id: { type: 'string' }, account_id: { type: 'string' }, refunded_usd: num, balance_usd: num }, [
      'call_id',
      'account_id',
      'refunded_usd',
      'balance_usd',
    ]),
    example: { reason: 'the answer was empty' },
  },
] as const satisfies readonly ToolDraft[];
