import { describe, expect, it } from 'vitest';
import { clientKey } from './client-key.js';

describe('clientKey', () => {
  it('keeps an IPv4 address as it is', () => {
    expect(clientKey('203.0.113.7')).toBe('203.0.113.7');
  });

  it('counts every IPv6 address of one /64 as one client, however it is written', () => {
    const keys = new Set(
      [
        '2001:db8:1:2::1',
        '2001:db8:1:2:ffff:ffff:ffff:ffff',
        '2001:0DB8:0001:0002:0000:0000:0000:0050',
        '2001:db8:1:2:a::b%eth0',
        '2001:db8:1:2:0:0:198.51.100.1',
      ].map(clientKey),
    );
    expect(keys).toEqual(new Set(['2001:db8:1:2::/64']));
  });

  it('tells neighbouring /64 networks apart', () => {
    expect(clientKey('2001:db8:1:3::1')).not.toBe(clientKey('2001:db8:1:2::1'));
    expect(clientKey('::1')).toBe('0:0:0:0::/64');
    expect(clientKey('fe80::1')).toBe('fe80:0:0:0::/64');
  });

  it('reads an IPv4-mapped IPv6 address as its IPv4 address', () => {
    expect(clientKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(clientKey('::ffff:cb00:7107')).toBe('203.0.113.7');
  });
});
