import { locateAddress } from './ipLocation';

describe('/data/ip', () => {
  it('places public IPv4 and IPv6 addresses in their country, crediting DB-IP', () => {
    expect(locateAddress('8.8.8.8')).toMatchObject({
      ip: '8.8.8.8',
      version: 4,
      range: 'unicast',
      country_code: 'US',
      country: 'United States',
      continent: 'North America',
    });
    expect(locateAddress('2a01:e0a:1::1')).toMatchObject({ version: 6, country_code: 'FR', continent: 'Europe' });
    expect(locateAddress('1.1.1.1').attribution).toContain('DB-IP');
  });

  it('says private and loopback addresses have no country', () => {
    expect(locateAddress('192.168.1.20')).toMatchObject({ range: 'private', country_code: null, country: null });
    expect(locateAddress('::1')).toMatchObject({ version: 6, range: 'loopback', country_code: null });
    expect(locateAddress('::ffff:127.0.0.1')).toMatchObject({ ip: '127.0.0.1', version: 4, range: 'loopback' });
  });

  it('refuses what is not an address with a 400', () => {
    expect(() => locateAddress('not-an-ip')).toThrow(expect.objectContaining({ type: 'InvalidInput' }));
  });
});
