import ipaddr from 'ipaddr.js';

/**
 * The one place that says which addresses a callback may reach (docs/decisions/report-export.md D6): used by
 * `parseCallbackUrl` for IP literals and, through adapters/public-address.ts, by the sender for
 * what a name resolves to. Pure: no I/O.
 */

/**
 * The two prefixes below, parsed on first use: every report function imports this module, and
 * parsing them at import cost each one's cold start about 0.6 ms (ipaddr's IPv6 parser compiling).
 */
let prefixes: { globalUnicast: [ipaddr.IPv6, number]; nat64: [ipaddr.IPv6, number] } | undefined;
const v6Prefixes = () =>
  (prefixes ??= {
    /** IPv6 global unicast as allocated by IANA: everything else is special or unallocated. */
    globalUnicast: ipaddr.IPv6.parseCIDR('2000::/3'),
    /** The NAT64 well-known prefix: the last 32 bits are the IPv4 address reached. */
    nat64: ipaddr.IPv6.parseCIDR('64:ff9b::/96'),
  });

const ipv4FromWords = (high: number, low: number) =>
  new ipaddr.IPv4([high >> 8, high & 0xff, low >> 8, low & 0xff]);

/** Only plain unicast: loopback, private, link-local (metadata), CGNAT, reserved… all refused. */
const isPublicV4 = (addr: ipaddr.IPv4) => addr.range() === 'unicast';

const isPublicV6 = (addr: ipaddr.IPv6): boolean => {
  const p = addr.parts;
  switch (addr.range()) {
    // ::ffff:a.b.c.d and ::ffff:0:a.b.c.d reach the embedded IPv4 address.
    case 'ipv4Mapped':
    case 'rfc6145':
      return isPublicV4(ipv4FromWords(p[6]!, p[7]!));
    // NAT64: 64:ff9b::a.b.c.d reaches a.b.c.d; 64:ff9b:1::/48 is for local use only.
    case 'rfc6052':
      return addr.match(v6Prefixes().nat64) && isPublicV4(ipv4FromWords(p[6]!, p[7]!));
    // 6to4: 2002:AABB:CCDD::/48 tunnels to AA.BB.CC.DD.
    case '6to4':
      return isPublicV4(ipv4FromWords(p[1]!, p[2]!));
    case 'unicast':
      // ipaddr calls ::a.b.c.d (the deprecated IPv4-compatible form) and unallocated space
      // "unicast"; only 2000::/3 is global.
      return addr.match(v6Prefixes().globalUnicast);
    default:
      return false;
  }
};

/**
 * Whether `ip` (IPv4 or IPv6, brackets allowed) is a public address. Anything that does not
 * parse as an address is not public.
 */
export const isPublicAddress = (ip: string): boolean => {
  const bare = ip.startsWith('[') && ip.endsWith(']') ? ip.slice(1, -1) : ip;
  if (!ipaddr.isValid(bare)) return false;
  const addr = ipaddr.parse(bare);
  return addr.kind() === 'ipv4' ? isPublicV4(addr as ipaddr.IPv4) : isPublicV6(addr as ipaddr.IPv6);
};

/** 127.0.0.0/8 or ::1 (for the sandbox's `localhost` allowance only). */
export const isLoopbackAddress = (ip: string): boolean =>
  ipaddr.isValid(ip) && ipaddr.process(ip).range() === 'loopback';

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** `dns.promises.lookup` with `{ all: true }`, or a stand-in for tests. */
export type LookupAll = (
  hostname: string,
  options: { all: true },
) => Promise<readonly { address: string; family: number }[]>;

export type ResolveResult =
  | { ok: true; addresses: ResolvedAddress[] }
  | { ok: false; reason: 'unresolvable' | 'non_public_address'; message: string };

export const canonical = (ip: string): ResolvedAddress => {
  const bare = ip.startsWith('[') && ip.endsWith(']') ? ip.slice(1, -1) : ip;
  const addr = ipaddr.parse(bare);
  return { address: addr.toString(), family: addr.kind() === 'ipv4' ? 4 : 6 };
};

/** An IP literal as a URL's `hostname` shows it: dotted IPv4 or bracketed IPv6. */
export const isIpLiteral = (hostname: string) =>
  (hostname.startsWith('[') && hostname.endsWith(']')) || ipaddr.IPv4.isValidFourPartDecimal(hostname);
