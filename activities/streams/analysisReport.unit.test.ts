import { analyze } from '../reasoning/analyze';
import { analysisReport } from './analysisReport';
import { toolImplementations as streamTools } from '../tools';
import { systemClock } from '../../core/clock/clock';

const TEXT = 'Sales rose 12% in March while support tickets doubled. Customers praise the new app but complain about slow refunds.';

describe('offline analysis report', () => {
  it('writes the sections the streamed endpoint promises, each its own block, from /analyze’s figures', () => {
    const result = analyze({ text: TEXT });
    const report = analysisReport(result);
    expect(report.split('\n\n').filter((block) => block.startsWith('## '))).toEqual([
      '## Summary',
      '## Key points',
      '## Sentiment',
      '## Topics',
      '## Insights',
    ]);
    expect(report).toContain(`(score ${result.sentiment.score})`);
    for (const insight of result.insights) expect(report).toContain(insight.insight);
    expect(report).toContain('*Evidence: 12%*');
  });

  it('answers /stream/analyze offline as markdown prose with its word count', async () => {
    const { output, model } = await streamTools['stream/analyze']!.offline!({ text: TEXT }, { clock: systemClock });
    expect(model).toBe('local/textrank-vader-rake');
    expect(output).toMatchObject({ format: 'markdown', text: expect.stringContaining('## Summary') });
    expect(output.word_count).toBeGreaterThan(20);
  });

  it('reports on JSON data given without text', () => {
    const report = analysisReport(
      analyze({
        data: [
          { month: 'Jan', sales: 10 },
          { month: 'Feb', sales: 14 },
        ],
      }),
    );
    expect(report).toContain('2 records with 2 fields: month, sales.');
    expect(report).toContain('sales ranges from 10 to 14');
  });
});
