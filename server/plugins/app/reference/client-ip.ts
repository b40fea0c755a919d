/**
 * Which caller addresses may be looked up in the IP-to-country table. Loopback, private,
 * link-local, shared (CGNAT), documentation, benchmark, multicast and reserved IPv4 ranges never
 * belong to a country; IPv6 is not covered by the embedded table (IPv4 only), except IPv4-mapped
 * addresses (`::ffff:203.0.113.9`), which are unwrapped.
 */
import { BlockList, isIPv4 } from 'node:net';

const NOT_PUBLIC = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  NOT_PUBLIC.addSubnet(network, prefix, 'ipv4');
}

/** The public IPv4 address to look up, or null when there is none to look up. */
export function publicIPv4(address: string | undefined): string | null {
  if (!address) return null;
  const ip = address.toLowerCase().startsWith('::ffff:') ? address.slice(7) : address;
  if (!isIPv4(ip)) return null;
  return NOT_PUBLIC.check(ip, 'ipv4') ? null : ip;
}
