/** A message between agents. */
export const MESSAGE_LIMITS = {
  subject: 200,
  body: 10_000,
} as const;
