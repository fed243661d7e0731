// TRUST_PROXY decides which X-Forwarded-For entries name the client, and so what every per-address limit
// counts: only the proxies in front of Waymarks may set it, never the client itself.
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { ConfigError, parseSettings } from '../../config.js';
import { clientKey } from '../../http/client-key.js';

/** The client every per-address limit counts for a request with this configuration. */
async function clientAddress(trustProxy: string | undefined, remoteAddress: string, forwardedFor?: string) {
  const app = Fastify({ trustProxy: parseSettings({ TRUST_PROXY: trustProxy }).trustProxy });
  app.get('/ip', async (request) => clientKey(request.ip));
  const res = await app.inject({
    url: '/ip',
    remoteAddress,
    headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
  });
  await app.close();
  return res.body;
}

describe('TRUST_PROXY', () => {
  it('refuses true, naming the variable and what to give instead', () => {
    expect(() => parseSettings({ TRUST_PROXY: 'true' })).toThrow(ConfigError);
    expect(() => parseSettings({ TRUST_PROXY: 'true' })).toThrow(
      /TRUST_PROXY: true trusts every hop.*TRUST_PROXY=1.*TRUST_PROXY=10\.0\.0\.0\/8,127\.0\.0\.1/,
    );
  });

  it.each(['yes', 'proxy.internal', '10.0.0.0/0', '10.0.0.1,', '300.1.1.1', '-1'])(
    'refuses %j, naming the variable',
    (value) => {
      expect(() => parseSettings({ TRUST_PROXY: value })).toThrow(/TRUST_PROXY: .* is not a proxy address/);
    },
  );

  it('ignores X-Forwarded-For when unset, false or 0', async () => {
    for (const value of [undefined, 'false', '0']) {
      expect(await clientAddress(value, '203.0.113.7', '192.0.2.66')).toBe('203.0.113.7');
    }
  });

  it('with one hop, reads the address the proxy appended, whatever the client put before it', async () => {
    expect(await clientAddress('1', '10.0.0.1', '203.0.113.7')).toBe('203.0.113.7');
    expect(await clientAddress('1', '10.0.0.1', '192.0.2.66, 203.0.113.7')).toBe('203.0.113.7');
    expect(await clientAddress('1', '10.0.0.1', '192.0.2.66, 192.0.2.67, 203.0.113.7')).toBe('203.0.113.7');
  });

  it('with two hops, reads the address the outer proxy appended', async () => {
    expect(await clientAddress('2', '10.0.0.1', '192.0.2.66, 203.0.113.7, 10.0.0.2')).toBe('203.0.113.7');
  });

  it('with a list of proxies, trusts X-Forwarded-For only from them', async () => {
    const proxies = '10.0.0.0/8, ::1';
    expect(await clientAddress(proxies, '10.0.0.1', '192.0.2.66, 203.0.113.7')).toBe('203.0.113.7');
    expect(await clientAddress(proxies, '10.0.0.1', '192.0.2.66, 203.0.113.7, 10.1.2.3')).toBe('203.0.113.7');
    // A client that reaches the server directly cannot name another address.
    expect(await clientAddress(proxies, '203.0.113.8', '192.0.2.66')).toBe('203.0.113.8');
  });

  it('counts the IPv6 address the proxy appended by its /64, and an IPv4-mapped one as IPv4', async () => {
    expect(await clientAddress('1', '10.0.0.1', '2001:db8:5:6::1')).toBe('2001:db8:5:6::/64');
    expect(await clientAddress('1', '10.0.0.1', '2001:db8:5:6:ffff::2')).toBe('2001:db8:5:6::/64');
    expect(await clientAddress('1', '10.0.0.1', '2001:db8:5:6::1, ::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(await clientAddress(undefined, '2001:db8:5:7::9', '203.0.113.7')).toBe('2001:db8:5:7::/64');
  });
});
