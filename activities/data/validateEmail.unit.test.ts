import type { DnsResolver } from './dnsResolver';
import { lookupHost } from './dns';
import { validateEmail } from './validateEmail';

/** A stand-in for the DNS (a third party): zones as data, absent names answered ENOTFOUND as a resolver would. */
function zone(records: Record<string, { a?: string[]; aaaa?: string[]; mx?: { exchange: string; priority: number }[]; ptr?: string[] }>): DnsResolver {
  const absent = (name: string) => Promise.reject(Object.assign(new Error(`queryX ENOTFOUND ${name}`), { code: 'ENOTFOUND' }));
  const of = <T>(name: string, pick: (r: (typeof records)[string]) => T[] | undefined) => {
    const found = records[name] && pick(records[name]);
    return found ? Promise.resolve(found) : absent(name);
  };
  return {
    resolve4: (name) => of(name, (r) => r.a),
    resolve6: (name) => of(name, (r) => r.aaaa),
    resolveMx: (name) => of(name, (r) => r.mx),
    reverse: (address) => of(address, (r) => r.ptr),
    resolveSoa: (name) => (name === '.' ? Promise.resolve({ nsname: 'a.root-servers.net' }) : absent(name)),
    getServers: () => ['192.0.2.53'],
  };
}

const dns = zone({
  'mail.test': {
    mx: [
      { exchange: 'mx2.mail.test', priority: 20 },
      { exchange: 'mx1.mail.test', priority: 10 },
    ],
  },
  'nomail.test': { mx: [{ exchange: '', priority: 0 }], a: ['93.184.216.34'] },
  'plain.test': { a: ['93.184.216.34'] },
  'example.test': { a: ['93.184.216.34'], aaaa: ['2606:2800:220:1::1'] },
  '93.184.216.34': { ptr: ['web.example.test'] },
});

describe('/data/validate/email', () => {
  it('accepts an address whose domain has mail exchangers, naming the preferred one', async () => {
    expect(await validateEmail(dns, 'Jane.Doe+news@mail.test')).toMatchObject({
      valid: true,
      syntax_valid: true,
      domain: 'mail.test',
      mx: [
        { exchange: 'mx1.mail.test', priority: 10 },
        { exchange: 'mx2.mail.test', priority: 20 },
      ],
      mail_host: 'mx1.mail.test',
    });
  });

  it('refuses a domain that publishes a null MX, even with an address (RFC 7505)', async () => {
    expect(await validateEmail(dns, 'someone@nomail.test')).toMatchObject({ valid: false, syntax_valid: true, reason: expect.stringContaining('null MX') });
  });

  it('falls back to the A record of a domain without MX (RFC 5321), and refuses a domain with neither', async () => {
    expect(await validateEmail(dns, 'someone@plain.test')).toMatchObject({ valid: true, mx: [], mail_host: 'plain.test' });
    expect(await validateEmail(dns, 'someone@nowhere.test')).toMatchObject({
      valid: false,
      syntax_valid: true,
      reason: expect.stringContaining('no MX, A or AAAA'),
    });
  });

  it('refuses bad syntax without asking the DNS', async () => {
    const silent: DnsResolver = { resolve4: fail, resolve6: fail, resolveMx: fail, reverse: fail, resolveSoa: fail, getServers: () => [] };
    for (const bad of ['plainaddress', 'two@@mail.test', 'no-tld@localhost', 'spaces in@mail.test']) {
      expect(await validateEmail(silent, bad)).toMatchObject({ valid: false, syntax_valid: false });
    }
    function fail(): Promise<never> {
      throw new Error('the DNS must not be asked');
    }
  });

  it('turns a resolver that times out into a retryable failure of that resolver, never a verdict on the address', async () => {
    const timeout = () => Promise.reject(Object.assign(new Error('queryMx ETIMEOUT mail.test'), { code: 'ETIMEOUT' }));
    const slow: DnsResolver = {
      resolve4: timeout,
      resolve6: timeout,
      resolveMx: timeout,
      reverse: timeout,
      resolveSoa: timeout,
      getServers: () => ['192.0.2.53'],
    };
    await expect(validateEmail(slow, 'a@mail.test')).rejects.toMatchObject({
      type: 'UpstreamUnreachable',
      nonRetryable: false,
      details: [{ upstream: 'the DNS resolver 192.0.2.53', cause: 'resolver_failed', error_code: 'ETIMEOUT' }],
    });
  });
});

describe('a negative answer from a resolver that denies even the root zone (one cut off from the DNS)', () => {
  const cutOff: DnsResolver = { ...dns, resolveSoa: (name) => Promise.reject(Object.assign(new Error(`querySoa ENOTFOUND ${name}`), { code: 'ENOTFOUND' })) };

  it('is no verdict on the address or the host: the resolver failed', async () => {
    const failed = { type: 'UpstreamUnreachable', details: [{ cause: 'resolver_failed', error_code: 'ENOTFOUND for the root zone' }] };
    await expect(validateEmail(cutOff, 'jane.doe@nowhere.test')).rejects.toMatchObject(failed);
    await expect(lookupHost(cutOff, 'nowhere.test')).rejects.toMatchObject(failed);
  });

  it('does not hide a positive answer', async () => {
    expect(await validateEmail(cutOff, 'someone@plain.test')).toMatchObject({ valid: true });
  });
});

describe('/data/dns', () => {
  it("gives a host's A and AAAA records and the names its addresses point back to", async () => {
    expect(await lookupHost(dns, 'example.test')).toEqual({
      host: 'example.test',
      a: ['93.184.216.34'],
      aaaa: ['2606:2800:220:1::1'],
      reverse: { '93.184.216.34': ['web.example.test'], '2606:2800:220:1::1': [] },
    });
  });

  it('looks an address up in reverse', async () => {
    expect(await lookupHost(dns, '93.184.216.34')).toMatchObject({ a: ['93.184.216.34'], reverse: { '93.184.216.34': ['web.example.test'] } });
  });

  it('answers a name with no address as a 404, and a malformed name as a 400', async () => {
    await expect(lookupHost(dns, 'nowhere.test')).rejects.toMatchObject({ type: 'NotFound' });
    await expect(lookupHost(dns, 'not a host!')).rejects.toMatchObject({ type: 'InvalidInput' });
  });
});
