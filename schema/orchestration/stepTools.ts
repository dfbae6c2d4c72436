/** Steps of a chain or pipeline, operations of a batch (spec §8). */
export const MAX_STEPS = 5;
