/** A knowledge entry. */
export const KNOWLEDGE_LIMITS = {
  title: 200,
  content: 20_000,
} as const;

/** Trending knowledge: net votes decayed by age, as news aggregators rank; equal scores (no votes yet) newest first (core/knowledge/trendingScore.ts). */
export const TRENDING_FORMULA = 'trending = (upvotes − downvotes) / (age_hours + 2)^1.5, ties newest first';
