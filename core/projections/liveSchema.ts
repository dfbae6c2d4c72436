/** The schema live projections are kept in; replay builds a fresh one beside it. */
export const LIVE_SCHEMA = 'projections';
