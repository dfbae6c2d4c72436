import { robotsRules } from './robotsRules';

const ROBOTS = `User-agent: *
Disallow: /private
Crawl-delay: 2

User-agent: toolgate-bot
Disallow: /no-bots
Allow: /no-bots/public
Crawl-delay: 3
`;

describe('robots.txt rules for our user agent', () => {
  const rules = robotsRules('https://site.example', 200, ROBOTS, 'toolgate-bot');

  it('follows the group for our agent, with its allow exceptions and crawl delay', () => {
    expect(rules.allows('https://site.example/no-bots/page')).toBe(false);
    expect(rules.allows('https://site.example/no-bots/public/page')).toBe(true);
    expect(rules.allows('https://site.example/private')).toBe(true); // the * group is not ours when ours exists
    expect(rules.crawlDelayMs).toBe(3000);
  });

  it('falls back to the * group for another agent', () => {
    const other = robotsRules('https://site.example', 200, ROBOTS, 'other-bot');
    expect(other.allows('https://site.example/private/x')).toBe(false);
    expect(other.crawlDelayMs).toBe(2000);
  });

  it('allows everything without a robots.txt (4xx) and nothing while it cannot be read (5xx, no answer)', () => {
    expect(robotsRules('https://site.example', 404, '', 'toolgate-bot').allows('https://site.example/any')).toBe(true);
    expect(robotsRules('https://site.example', 503, '', 'toolgate-bot').allows('https://site.example/any')).toBe(false);
    expect(robotsRules('https://site.example', 0, '', 'toolgate-bot').allows('https://site.example/any')).toBe(false);
  });
});
