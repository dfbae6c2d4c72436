import { checkAddress, isLoopback } from './addressPolicy';

/** Every IPv6 form that carries an IPv4 address, judged by the address inside (issue 28, finding 2). */
describe('IPv6 addresses that carry an IPv4 address', () => {
  // Teredo keeps the client's address with every bit inverted: 169.254.169.254 is 5601:5601, 127.0.0.1 is 80ff:fffe.
  it.each([
    ['::169.254.169.254', 'IPv4-compatible', 'linkLocal'],
    ['::a9fe:a9fe', 'IPv4-compatible', 'linkLocal'],
    ['::10.0.0.1', 'IPv4-compatible', 'private'],
    ['::127.0.0.1', 'IPv4-compatible', 'loopback'],
    ['::100.100.100.200', 'IPv4-compatible', 'carrierGradeNat'],
    ['::0.0.0.2', 'IPv4-compatible', 'unspecified'],
    ['::ffff:169.254.169.254', 'IPv4-mapped', 'linkLocal'],
    ['::ffff:192.168.1.1', 'IPv4-mapped', 'private'],
    ['::ffff:0:169.254.169.254', 'IPv4-translated', 'linkLocal'],
    ['::ffff:0:10.0.0.1', 'IPv4-translated', 'private'],
    ['::ffff:0:127.0.0.1', 'IPv4-translated', 'loopback'],
    ['64:ff9b::169.254.169.254', 'NAT64', 'linkLocal'],
    ['64:ff9b::10.0.0.1', 'NAT64', 'private'],
    ['64:ff9b::7f00:1', 'NAT64', 'loopback'],
    ['2002:a9fe:a9fe::1', '6to4', 'linkLocal'],
    ['2002:a00:1:5::1', '6to4', 'private'],
    ['2002:7f00:1::', '6to4', 'loopback'],
    ['2001:0:a00:1::f7f7:f7f7', 'Teredo', 'private'],
    ['2001:0:808:808::5601:5601', 'Teredo', 'linkLocal'],
    ['2001:0:808:808:8000:ffff:80ff:fffe', 'Teredo', 'loopback'],
    ['2001:0:4136:e378:8000:63bf:3fff:fdd2', 'Teredo', 'reserved'],
  ])('refuses %s: %s, a %s address inside', (address, form, range) => {
    const verdict = checkAddress(address, false);
    expect(verdict).toEqual({ ok: false, reason: expect.stringContaining(`(${form}), a ${range} address`) });
  });

  it.each([['64:ff9b:1::808:808'], ['64:ff9b:1:a9fe:a9:fe00::'], ['64:ff9b:1:ffff::1']])(
    'refuses the local-use NAT64 prefix whole, wherever the operator puts the IPv4 address: %s',
    (address) => {
      expect(checkAddress(address, false)).toEqual({ ok: false, reason: expect.stringContaining('local-use NAT64') });
      expect(checkAddress(address, true).ok).toBe(false);
    },
  );

  it.each([
    ['::8.8.8.8'],
    ['::ffff:8.8.8.8'],
    ['::ffff:0:8.8.8.8'],
    ['64:ff9b::1.1.1.1'],
    ['2002:808:808::1'],
    // Server 8.8.8.8, client 1.1.1.1 (inverted: fefe:fefe).
    ['2001:0:808:808::fefe:fefe'],
    ['2606:4700:4700::1111'],
  ])('allows %s: a public address inside, or plain public IPv6', (address) => {
    expect(checkAddress(address, false)).toEqual({ ok: true });
  });

  it('allows the loopback forms only where development allows loopback', () => {
    for (const address of ['::1', '::127.0.0.1', '::ffff:127.0.0.1', '::ffff:0:127.0.0.1', '64:ff9b::127.0.0.1', '2002:7f00:1::1']) {
      expect([address, checkAddress(address, true).ok, isLoopback(address)]).toEqual([address, true, true]);
      expect([address, checkAddress(address, false).ok]).toEqual([address, false]);
    }
    // Loopback-only plain HTTP: a form whose inside is not loopback is not loopback, and neither is the unspecified ::.
    for (const address of ['::', '::10.0.0.1', '2001:0:808:808:8000:ffff:80ff:fffe', '2606:4700:4700::1111']) {
      expect([address, isLoopback(address)]).toEqual([address, false]);
    }
  });

  it('still refuses the unspecified address and plain special IPv6 ranges', () => {
    for (const [address, range] of [
      ['::', 'unspecified'],
      ['fe80::1', 'linkLocal'],
      ['fd00:ec2::254', 'uniqueLocal'],
      ['ff02::1', 'multicast'],
      ['2001:db8::1', 'reserved'],
    ] as const) {
      expect(checkAddress(address, true)).toEqual({ ok: false, reason: `${address} is a ${range} address` });
    }
  });
});
