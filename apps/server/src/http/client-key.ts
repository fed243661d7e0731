// The client a per-address limit counts. An IPv4 address is one client; an IPv6 network hands each
// subscriber at least a /64 and lets them use any address in it, so a whole /64 is one client. An
// IPv4-mapped IPv6 address (::ffff:192.0.2.1, as a dual-stack socket reports IPv4 peers) is its IPv4 address.
import { isIPv4, isIPv6 } from 'node:net';

export function clientKey(ip: string): string {
  const address = ip.replace(/%.*$/, '');
  if (isIPv4(address) || !isIPv6(address)) return address;
  const hextets = expandIPv6(address);
  const mapped = hextets.slice(0, 6).join(':') === '0:0:0:0:0:ffff';
  if (mapped) {
    const [high, low] = [parseInt(hextets[6]!, 16), parseInt(hextets[7]!, 16)];
    return [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.');
  }
  return `${hextets.slice(0, 4).join(':')}::/64`;
}

/** Eight hextets without leading zeros, from any IPv6 text form (`::`, an IPv4 tail). */
function expandIPv6(address: string): string[] {
  let text = address.toLowerCase();
  const ipv4Tail = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (ipv4Tail) {
    const [a, b, c, d] = ipv4Tail.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, ipv4Tail.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split('::') as [string, string | undefined];
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const middle = tail === undefined ? [] : Array<string>(8 - left.length - right.length).fill('0');
  return [...left, ...middle, ...right].map((hextet) => parseInt(hextet, 16).toString(16));
}
