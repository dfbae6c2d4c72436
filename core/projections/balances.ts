import type { StoredEventOf } from '../eventStore/types';
import type { Projection } from './types';

export interface BalanceRow {
  account_id: string;
  available_micros: number;
  reserved_micros: number;
  credited_micros: number;
  spent_micros: number;
  updated_at: Date;
}

type AccountEvent = StoredEventOf<
  | 'AccountOpened'
  | 'CreditGranted'
  | 'ChargeReserved'
  | 'ChargeSettled'
  | 'ChargeRefunded'
  | 'ChargeReversed'
  | 'PaymentReceived'
  | 'RewardHeld'
  | 'RewardPaid'
  | 'RewardRefunded'
  | 'RewardEarned'
  | 'SaleProceedsCredited'
>;

/**
 * Spendable and reserved money per account. Inline: reservations are decided against it in the append transaction.
 * A task's reward is held like a call's price (reserved) until it is paid (spent) or refunded; rewards earned and
 * marketplace sales are credit; a charge the operator reverses is spendable again.
 */
export const balances: Projection<BalanceRow> = {
  name: 'balances',
  version: 3,
  mode: 'inline',
  table: 'balances',
  columns: {
    account_id: 'text',
    available_micros: 'bigint',
    reserved_micros: 'bigint',
    credited_micros: 'bigint',
    spent_micros: 'bigint',
    updated_at: 'timestamptz',
  },
  key: ['account_id'],
  handles: [
    'AccountOpened',
    'CreditGranted',
    'ChargeReserved',
    'ChargeSettled',
    'ChargeRefunded',
    'ChargeReversed',
    'PaymentReceived',
    'RewardHeld',
    'RewardPaid',
    'RewardRefunded',
    'RewardEarned',
    'SaleProceedsCredited',
  ],
  keysOf: (event) => [{ account_id: (event as AccountEvent).data.accountId }],
  initial: (key, event) => ({
    account_id: key.account_id as string,
    available_micros: 0,
    reserved_micros: 0,
    credited_micros: 0,
    spent_micros: 0,
    updated_at: event.recordedAt,
  }),
  evolve(row, stored) {
    const event = stored as AccountEvent;
    const next = { ...row, updated_at: event.recordedAt };
    switch (event.type) {
      case 'AccountOpened':
        return next;
      // USDC paid on chain: credit to the wallet's account, spent at once by the call or purchase it paid for.
      case 'PaymentReceived':
      case 'CreditGranted':
      case 'RewardEarned':
      case 'SaleProceedsCredited':
        return { ...next, available_micros: row.available_micros + event.data.amountMicros, credited_micros: row.credited_micros + event.data.amountMicros };
      case 'RewardHeld':
        // Taken over from its call's reservation: it was reserved already, and stays so.
        if (event.data.callId !== undefined) return next;
        return { ...next, available_micros: row.available_micros - event.data.amountMicros, reserved_micros: row.reserved_micros + event.data.amountMicros };
      case 'ChargeReserved':
        return { ...next, available_micros: row.available_micros - event.data.amountMicros, reserved_micros: row.reserved_micros + event.data.amountMicros };
      case 'ChargeSettled': {
        const { reservedMicros, chargedMicros } = event.data;
        return {
          ...next,
          reserved_micros: row.reserved_micros - reservedMicros,
          available_micros: row.available_micros + reservedMicros - chargedMicros,
          spent_micros: row.spent_micros + chargedMicros,
        };
      }
      case 'RewardPaid':
        return { ...next, reserved_micros: row.reserved_micros - event.data.amountMicros, spent_micros: row.spent_micros + event.data.amountMicros };
      // The operator gave a settled charge back: spent no more, spendable again.
      case 'ChargeReversed':
        return { ...next, spent_micros: row.spent_micros - event.data.amountMicros, available_micros: row.available_micros + event.data.amountMicros };
      case 'RewardRefunded':
      case 'ChargeRefunded':
        return { ...next, reserved_micros: row.reserved_micros - event.data.amountMicros, available_micros: row.available_micros + event.data.amountMicros };
    }
  },
};
