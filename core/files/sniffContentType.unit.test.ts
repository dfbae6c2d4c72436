import { sniffContentType } from './sniffContentType';

const bytes = (...values: number[]) => Buffer.from(values);

describe('sniffContentType', () => {
  it.each([
    ['image/png', bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13)],
    ['image/jpeg', bytes(0xff, 0xd8, 0xff, 0xe0, 0, 16)],
    ['image/gif', Buffer.from('GIF89a\x01\x00\x01\x00', 'latin1')],
    ['image/webp', Buffer.concat([Buffer.from('RIFF'), bytes(1, 2, 3, 4), Buffer.from('WEBPVP8 ')])],
    ['audio/wav', Buffer.concat([Buffer.from('RIFF'), bytes(1, 2, 3, 4), Buffer.from('WAVEfmt ')])],
    ['application/pdf', Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3', 'latin1')],
    ['application/zip', bytes(0x50, 0x4b, 0x03, 0x04, 20, 0)],
    ['application/gzip', bytes(0x1f, 0x8b, 8, 0)],
    ['video/mp4', Buffer.concat([bytes(0, 0, 0, 0x18), Buffer.from('ftypisom')])],
    ['image/avif', Buffer.concat([bytes(0, 0, 0, 0x1c), Buffer.from('ftypavif')])],
  ])('recognises %s by its magic number', (type, data) => {
    expect(sniffContentType(data)).toBe(type);
  });

  it('ignores what a file calls itself: text that starts like nothing known is text', () => {
    expect(sniffContentType(Buffer.from('hello, world\n'))).toBe('text/plain; charset=utf-8');
  });

  it('tells JSON, SVG and HTML apart from plain text', () => {
    expect(sniffContentType(Buffer.from(' {"a": [1, 2]}'))).toBe('application/json');
    expect(sniffContentType(Buffer.from('{not json'))).toBe('text/plain; charset=utf-8');
    expect(sniffContentType(Buffer.from('<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBe('image/svg+xml');
    expect(sniffContentType(Buffer.from('<!DOCTYPE html><html></html>'))).toBe('text/html; charset=utf-8');
  });

  it('calls bytes that are not UTF-8 text, or carry control characters, octet-stream', () => {
    expect(sniffContentType(bytes(0xc3, 0x28, 0xa0, 0xa1))).toBe('application/octet-stream');
    expect(sniffContentType(bytes(0x41, 0x00, 0x42))).toBe('application/octet-stream');
    expect(sniffContentType(Buffer.alloc(0))).toBe('text/plain; charset=utf-8');
  });
});
