import dgram from 'node:dgram';
import type { AddressInfo } from 'node:net';
import dnsPacket, { type Answer } from 'dns-packet';

/** What a name answers: its records by type (a type it lacks answers NODATA), or a server failure. */
export type ZoneEntry =
  | {
      readonly A?: string[];
      readonly AAAA?: string[];
      readonly MX?: { exchange: string; preference: number }[];
      readonly PTR?: string[];
      /** The zone's start of authority (the root's, `.`, is what a resolver answering from the DNS always knows). */
      readonly SOA?: true;
    }
  | 'SERVFAIL';

/** The root zone as every resolver that answers from the DNS knows it. */
export const ROOT_ZONE: Readonly<Record<string, ZoneEntry>> = { '.': { SOA: true } };

const RCODE = { NOERROR: 0, SERVFAIL: 2, NXDOMAIN: 3 } as const;

/**
 * A DNS server on loopback speaking the wire format (UDP), for the resolver tests: names of its zone answer their
 * records, NODATA (no error, no answer) for a type they lack, or SERVFAIL; every other name is NXDOMAIN (the root
 * too, unless the zone has ROOT_ZONE: a resolver cut off from the DNS). `mute`
 * makes it receive and never answer (a resolver that times out). It records every question it was asked.
 */
export class DnsServer {
  readonly questions: { readonly name: string; readonly type: string }[] = [];
  mute = false;
  private readonly socket = dgram.createSocket('udp4');

  /** The names it answers for; a test may change them (a resolver that suddenly knows nothing). */
  private constructor(public zone: Readonly<Record<string, ZoneEntry>>) {}

  static async start(zone: Readonly<Record<string, ZoneEntry>>): Promise<DnsServer> {
    const server = new DnsServer(zone);
    server.socket.on('message', (message, from) => server.answer(message, from));
    await new Promise<void>((resolve) => server.socket.bind(0, '127.0.0.1', resolve));
    return server;
  }

  /** As DNS_SERVERS takes it: ip:port. */
  get address(): string {
    const { address, port } = this.socket.address() as AddressInfo;
    return `${address}:${port}`;
  }

  stop(): Promise<void> {
    return new Promise((resolve) => this.socket.close(() => resolve()));
  }

  private answer(message: Buffer, from: dgram.RemoteInfo): void {
    const query = dnsPacket.decode(message);
    const question = query.questions?.[0];
    if (!question) return;
    this.questions.push({ name: question.name.toLowerCase(), type: question.type });
    if (this.mute) return;
    const entry = this.zone[question.name.toLowerCase()];
    const rcode = entry === undefined ? RCODE.NXDOMAIN : entry === 'SERVFAIL' ? RCODE.SERVFAIL : RCODE.NOERROR;
    const answers = typeof entry === 'object' ? recordsOf(entry, question.name, question.type) : [];
    const response = dnsPacket.encode({
      type: 'response',
      id: query.id,
      flags: dnsPacket.RECURSION_DESIRED | dnsPacket.RECURSION_AVAILABLE | rcode,
      questions: [question],
      answers,
    });
    this.socket.send(response, from.port, from.address);
  }
}

function recordsOf(entry: Exclude<ZoneEntry, 'SERVFAIL'>, name: string, type: string): Answer[] {
  const ttl = 60;
  switch (type) {
    case 'A':
      return (entry.A ?? []).map((data) => ({ type: 'A', name, ttl, data }));
    case 'AAAA':
      return (entry.AAAA ?? []).map((data) => ({ type: 'AAAA', name, ttl, data }));
    case 'MX':
      return (entry.MX ?? []).map((data) => ({ type: 'MX', name, ttl, data }));
    case 'PTR':
      return (entry.PTR ?? []).map((data) => ({ type: 'PTR', name, ttl, data }));
    case 'SOA':
      return entry.SOA
        ? [
            {
              type: 'SOA',
              name,
              ttl,
              data: { mname: 'a.root-servers.net', rname: 'nstld.verisign-grs.com', serial: 1, refresh: 1800, retry: 900, expire: 604800, minimum: 86400 },
            },
          ]
        : [];
    default:
      return [];
  }
}

/** A loopback UDP port nothing listens on: queries to it are refused (ICMP port unreachable). */
export async function closedUdpPort(): Promise<string> {
  const socket = dgram.createSocket('udp4');
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  const { port } = socket.address();
  await new Promise<void>((resolve) => socket.close(() => resolve()));
  return `127.0.0.1:${port}`;
}
