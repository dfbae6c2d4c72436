import type { AnalyzeResult } from '../reasoning/analyze';

/**
 * /stream/analyze offline: /analyze's classic methods, written as the markdown report the streamed endpoint
 * promises (Summary, Key points, Sentiment, Topics, Insights with their evidence). Each section is a block of its
 * own, so the report streams section by section.
 */
export function analysisReport(result: AnalyzeResult): string {
  const sections = [
    `## Summary\n\n${result.summary || 'Nothing to summarise.'}`,
    `## Key points\n\n${bullets(result.key_points)}`,
    `## Sentiment\n\n${capitalised(result.sentiment.polarity)} (score ${result.sentiment.score}).`,
    `## Topics\n\n${result.topics.length > 0 ? result.topics.join(', ') : 'None found.'}`,
    `## Insights\n\n${bullets(result.insights.map((i) => (i.evidence ? `${i.insight} *Evidence: ${i.evidence}*` : i.insight)))}`,
  ];
  return `${sections.join('\n\n')}\n`;
}

function bullets(items: readonly string[]): string {
  return items.length > 0 ? items.map((item) => `- ${item}`).join('\n') : '- None found.';
}

function capitalised(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}
