/** The longest text a tool takes (characters): registry schemas cap text fields at it, workflows cut what they pass on to it. */
export const MAX_TEXT = 100_000;
