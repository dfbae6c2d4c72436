import { micros } from '../money';

/** A task of the board; its result is any JSON value whose text is at most `resultBytes` bytes. */
export const TASK_LIMITS = {
  title: 200,
  description: 10_000,
  resultBytes: 65_536,
  maxRewardMicros: micros(100_000_000),
} as const;
