import { describe, expect, it } from 'vitest';
import { publicIPv4 } from './client-ip';

describe('publicIPv4', () => {
  it('answers public IPv4 addresses', () => {
    expect(publicIPv4('196.25.1.1')).toBe('196.25.1.1');
    expect(publicIPv4('8.8.8.8')).toBe('8.8.8.8');
  });

  it('unwraps IPv4-mapped IPv6', () => {
    expect(publicIPv4('::ffff:196.25.1.1')).toBe('196.25.1.1');
    expect(publicIPv4('::FFFF:127.0.0.1')).toBeNull();
  });

  it('refuses loopback, private, shared, documentation and reserved ranges', () => {
    for (const ip of [
      '127.0.0.1',
      '10.1.2.3',
      '172.20.0.1',
      '192.168.1.1',
      '100.64.0.1',
      '169.254.1.1',
      '192.0.2.1',
      '198.51.100.7',
      '203.0.113.9',
      '0.0.0.0',
      '224.0.0.1',
      '255.255.255.255',
    ]) {
      expect(publicIPv4(ip)).toBeNull();
    }
  });

  it('refuses IPv6 (the table is IPv4 only), garbage and nothing', () => {
    expect(publicIPv4('::1')).toBeNull();
    expect(publicIPv4('2001:4860:4860::8888')).toBeNull();
    expect(publicIPv4('not an ip')).toBeNull();
    expect(publicIPv4(undefined)).toBeNull();
  });
});
