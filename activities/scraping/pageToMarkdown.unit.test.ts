import { pageToMarkdown, textToPage } from './pageToMarkdown';

const ARTICLE = `<!doctype html><html lang="en"><head><title>Release notes 4.2 | Example</title>
<base href="https://docs.example.com/guide/">
<script>globalThis.__scrapedScriptRan = true; document.title = 'hijacked';</script>
<style>p { color: red }</style></head>
<body><nav><a href="/home">Home</a> <a href="javascript:alert(1)">Evil</a></nav>
<article>
<h1>Release notes 4.2</h1>
<p class="byline">By Ada Lovelace</p>
<p>This release makes the engine faster and adds a new <a href="changes/engine.html">engine guide</a>, which explains every
change in detail. The guide has examples for every platform, and the upgrade notes say what to check before you upgrade.</p>
<table><thead><tr><th>Version</th><th>Speed</th></tr></thead><tbody><tr><td>4.1</td><td>100</td></tr><tr><td>4.2</td><td>140</td></tr></tbody></table>
<p>Read the <a href="https://other.example.org/post#top">announcement</a> and the <a href="../faq">FAQ</a> for more on what changed and why.
<img src="img/chart.png" alt="chart"></p>
</article><footer><a href="mailto:team@example.com">Contact</a></footer></body></html>`;

describe('a web page as readable markdown', () => {
  const page = pageToMarkdown(ARTICLE, 'https://docs.example.com/guide/release');

  it('keeps the title, the main content and its table as a GFM table', () => {
    expect(page.title).toBe('Release notes 4.2 | Example');
    expect(page.markdown).toContain('This release makes the engine faster');
    expect(page.markdown).toMatch(/\| Version \| Speed \|\n\| -+ \| -+ \|\n\| 4\.1 \| 100 \|/);
    expect(page.lang).toBe('en');
    expect(page.wordCount).toBeGreaterThan(50);
  });

  it('makes links absolute against the page (and its <base href>), and drops javascript: links', () => {
    expect(page.links).toEqual(
      expect.arrayContaining([
        { text: 'engine guide', url: 'https://docs.example.com/guide/changes/engine.html' },
        { text: 'FAQ', url: 'https://docs.example.com/faq' },
        { text: 'announcement', url: 'https://other.example.org/post#top' },
      ]),
    );
    expect(page.markdown).toContain('(https://docs.example.com/guide/changes/engine.html)');
    expect(page.markdown).toContain('https://docs.example.com/guide/img/chart.png');
    expect(page.pageLinks).toContain('https://docs.example.com/home');
    expect(page.pageLinks).toContain('https://other.example.org/post');
    expect(JSON.stringify(page)).not.toContain('javascript:');
  });

  it('never runs the page’s scripts, and keeps their code out of the text', () => {
    expect((globalThis as { __scrapedScriptRan?: boolean }).__scrapedScriptRan).toBeUndefined();
    expect(page.title).not.toBe('hijacked');
    expect(page.markdown).not.toContain('__scrapedScriptRan');
    expect(page.markdown).not.toContain('color: red');
  });

  it('keeps a thin page’s body when readability finds no article', () => {
    const thin = pageToMarkdown('<html><head><title>Hi</title></head><body><p>Just <a href="/x">one</a> line.</p></body></html>', 'https://a.example/');
    expect(thin.title).toBe('Hi');
    expect(thin.markdown).toContain('Just [one](https://a.example/x) line.');
    expect(thin.links).toEqual([{ text: 'one', url: 'https://a.example/x' }]);
  });

  it('reads plain text as its own markdown', () => {
    expect(textToPage('First line\nsecond words here', 'https://a.example/t.txt')).toMatchObject({ title: 'First line', wordCount: 5 });
  });
});
