import net from 'node:net';

/**
 * The network a client address belongs to (IPv4 /24, IPv6 /64), for records kept long: enough to
 * see where a spike came from, without keeping a person's exact address in the audit log.
 */
export function addressNetwork(address: string): string {
  const mapped = address.startsWith('::ffff:') ? address.slice(7) : address;
  if (net.isIPv4(mapped)) return `${mapped.split('.').slice(0, 3).join('.')}.0/24`;
  if (net.isIPv6(mapped)) {
    const [head = '', tail = ''] = mapped.split('::');
    const groups = [...head.split(':').filter(Boolean)];
    const tailGroups = tail.split(':').filter(Boolean);
    const full = [...groups, ...Array(8 - groups.length - tailGroups.length).fill('0'), ...tailGroups];
    return `${full.slice(0, 4).join(':')}::/64`;
  }
  return 'unknown';
}
