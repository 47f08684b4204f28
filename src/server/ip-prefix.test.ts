import { describe, expect, it } from 'vitest';
import { clientGroupOf } from './ip-prefix';

describe('the client a limit counts', () => {
  it('is an IPv6 client’s /64, however the address is written', () => {
    expect(clientGroupOf('2001:db8:1:2::1')).toBe('2001:db8:1:2::/64');
    expect(clientGroupOf('2001:0db8:0001:0002:ffff:ffff:ffff:fffe')).toBe('2001:db8:1:2::/64');
    expect(clientGroupOf('2001:DB8:1:2:a:b:c:d')).toBe('2001:db8:1:2::/64');
    expect(clientGroupOf('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(clientGroupOf('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(clientGroupOf('::1')).toBe('0:0:0:0::/64');
  });

  it('tells two /64s apart', () => {
    expect(clientGroupOf('2001:db8:1:2::1')).not.toBe(clientGroupOf('2001:db8:1:3::1'));
  });

  it('is an IPv4 address as it is, also when a dual-stack socket maps it', () => {
    expect(clientGroupOf('203.0.113.7')).toBe('203.0.113.7');
    expect(clientGroupOf('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(clientGroupOf('::ffff:cb00:7107')).toBe('203.0.113.7');
  });

  it('leaves keys that are not addresses alone (e-mail addresses, user ids, "unknown")', () => {
    expect(clientGroupOf('someone@example.com')).toBe('someone@example.com');
    expect(clientGroupOf('user_123')).toBe('user_123');
    expect(clientGroupOf('unknown')).toBe('unknown');
  });
});
