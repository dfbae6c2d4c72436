/** Trending knowledge (TRENDING_FORMULA): net votes decayed by age, as news aggregators rank. */
export function trendingScore(upvotes: number, downvotes: number, ageHours: number): number {
  return (upvotes - downvotes) / Math.pow(Math.max(0, ageHours) + 2, 1.5);
}
