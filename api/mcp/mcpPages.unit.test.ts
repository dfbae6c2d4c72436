import { InvalidCursor, mcpPage } from './mcpPages';

const list = Array.from({ length: 7 }, (_, i) => ({ name: `tool_${i}` }));
const names = (items: readonly { name: string }[]) => items.map((item) => item.name);

describe('a page of the MCP tool list', () => {
  it('walks the list a page at a time, each cursor leading to the next page, none after the last', () => {
    const first = mcpPage(list, undefined, 3);
    expect(names(first.items)).toEqual(['tool_0', 'tool_1', 'tool_2']);
    const second = mcpPage(list, first.nextCursor, 3);
    expect(names(second.items)).toEqual(['tool_3', 'tool_4', 'tool_5']);
    const last = mcpPage(list, second.nextCursor, 3);
    expect(last).toEqual({ items: [{ name: 'tool_6' }] });
  });

  it('answers the whole list at once with a page size of 0, or when it fits one page', () => {
    expect(mcpPage(list, undefined, 0)).toEqual({ items: list });
    expect(mcpPage(list, undefined, 7)).toEqual({ items: list });
  });

  it('hands out opaque cursors (base64url), and refuses one it did not hand out', () => {
    const { nextCursor } = mcpPage(list, undefined, 3);
    expect(nextCursor).toMatch(/^[A-Za-z0-9_-]+$/);
    for (const bad of ['', 'abc', Buffer.from('3').toString('base64url'), Buffer.from('-3.x').toString('base64url')]) {
      expect(() => mcpPage(list, bad, 3)).toThrow(InvalidCursor);
    }
  });

  it('refuses a cursor of another list, or of this one before it changed, instead of skipping or repeating tools', () => {
    const { nextCursor } = mcpPage(list, undefined, 3);
    expect(() => mcpPage(list.slice(1), nextCursor, 3)).toThrow(/invalid cursor/);
    expect(() => mcpPage([...list, { name: 'tool_7' }], nextCursor, 3)).toThrow(InvalidCursor);
    const edited = Buffer.from(Buffer.from(nextCursor!, 'base64url').toString().replace(/^3/, '7'), 'utf8').toString('base64url');
    expect(() => mcpPage(list, edited, 3)).toThrow(InvalidCursor);
  });
});
