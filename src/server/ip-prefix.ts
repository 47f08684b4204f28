import { isIPv4, isIPv6 } from 'node:net';

/**
 * The client a rate limit or quota counts: an IPv4 address as it is, an IPv6 address by its /64.
 * One subscriber gets a whole /64 (often more) and may use any address in it, so counting full
 * IPv6 addresses would give one client endless fresh limits. Anything else (an e-mail address, a
 * user id) is returned unchanged.
 */
export function clientGroupOf(key: string): string {
  const address = key.replace(/%.*$/, '');
  if (!isIPv6(address)) return key;
  const groups = expandIPv6(address);
  // An IPv4 client seen through a dual-stack socket (::ffff:203.0.113.7) is that IPv4 client.
  if (groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff) {
    const [high = 0, low = 0] = groups.slice(6);
    const ipv4 = `${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`;
    if (isIPv4(ipv4)) return ipv4;
  }
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`;
}

/** The eight 16-bit groups of a valid IPv6 address (with "::" and an embedded IPv4 tail). */
function expandIPv6(address: string): number[] {
  let text = address.toLowerCase();
  const ipv4Tail = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (ipv4Tail) {
    const [a, b, c, d] = ipv4Tail.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, ipv4Tail.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const parse = (part: string) => (part === '' ? [] : part.split(':').map((group) => Number.parseInt(group, 16)));
  const first = parse(head);
  if (tail === undefined) return first;
  const last = parse(tail);
  return [...first, ...new Array<number>(8 - first.length - last.length).fill(0), ...last];
}
