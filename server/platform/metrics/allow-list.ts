/**
 * Who may read `/metrics` (issue 39): METRICS_ALLOW's addresses and CIDR ranges
 * (server/config/metrics-config.ts checks them at start), matched with ipaddr.js, the parser
 * Fastify's own proxy-addr uses. Loaded with ./prometheus.ts, only when METRICS is on.
 */
import ipaddr from 'ipaddr.js';

type Range = [ipaddr.IPv4 | ipaddr.IPv6, number];

/** `entry` (an address or a CIDR range) as a range; an IPv4-mapped IPv6 one as the IPv4 one. */
function rangeOf(entry: string): Range {
  const [address, bits]: Range = entry.includes('/')
    ? ipaddr.parseCIDR(entry)
    : (() => {
        const parsed = ipaddr.parse(entry);
        return [parsed, parsed.kind() === 'ipv4' ? 32 : 128] as Range;
      })();
  if (address.kind() === 'ipv6' && (address as ipaddr.IPv6).isIPv4MappedAddress() && bits >= 96)
    return [(address as ipaddr.IPv6).toIPv4Address(), bits - 96];
  return [address, bits];
}

/**
 * A test of client addresses against `entries` (addresses and CIDR ranges such as
 * `127.0.0.1`, `10.0.0.0/8`, `::1`, `fd00::/8`). The address tested is Fastify's
 * `request.ip`: the socket's, or what a proxy TRUST_PROXY trusts says of it. An IPv4 client seen
 * through an IPv6 socket (`::ffff:127.0.0.1`) matches the IPv4 entries.
 * @throws Error when an entry is malformed (the configuration refuses those first).
 * @returns a function answering true when the address is in one of them; false for none, and
 *   for anything that is not an address.
 */
export function addressMatcher(
  entries: readonly string[],
): (address: string | undefined) => boolean {
  const ranges = entries.map(rangeOf);
  return (address) => {
    if (!address || !ipaddr.isValid(address)) return false;
    const client = ipaddr.process(address);
    return ranges.some(
      ([range, bits]) =>
        client.kind() === range.kind() && (client as ipaddr.IPv4).match(range as ipaddr.IPv4, bits),
    );
  };
}
