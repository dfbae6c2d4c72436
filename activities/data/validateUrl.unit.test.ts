import { validateUrl } from './validateUrl';

describe('/data/validate/url', () => {
  it('reads the scheme and host, and says the guard would not fetch a private or metadata address', async () => {
    expect(await validateUrl('https://10.1.2.3/admin', false)).toMatchObject({
      valid: true,
      scheme: 'https',
      host: '10.1.2.3',
      fetchable: false,
      reason: expect.stringContaining('private'),
    });
    expect(await validateUrl('https://169.254.169.254/latest/meta-data', false)).toMatchObject({
      fetchable: false,
      reason: expect.stringContaining('linkLocal'),
    });
  });

  it('refuses plain http in production and other schemes everywhere', async () => {
    expect(await validateUrl('http://example.com/', false)).toMatchObject({ valid: true, fetchable: false, reason: expect.stringContaining('https') });
    expect(await validateUrl('ftp://example.com/file', true)).toMatchObject({ valid: true, scheme: 'ftp', fetchable: false });
    expect(await validateUrl('https://user:pw@example.com/', true)).toMatchObject({ fetchable: false, reason: expect.stringContaining('credentials') });
  });

  it('allows loopback over plain http only where development allows it', async () => {
    expect(await validateUrl('http://127.0.0.1:8080/x', true)).toMatchObject({ fetchable: true, normalized: 'http://127.0.0.1:8080/x' });
    expect(await validateUrl('https://127.0.0.1/x', false)).toMatchObject({ fetchable: false, reason: expect.stringContaining('loopback') });
  });

  it('says what is not a URL at all', async () => {
    expect(await validateUrl('not a url', true)).toMatchObject({ valid: false, fetchable: false });
  });
});
