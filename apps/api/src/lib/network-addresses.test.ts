import type { NetworkInterfaceInfo } from 'node:os';
import { describe, expect, it } from 'vitest';
import { describeStartupAddresses, listensOnNetwork, networkUrls } from './network-addresses';

const address = (value: string, family: 'IPv4' | 'IPv6', internal = false) =>
  ({ address: value, family, internal, netmask: '', mac: '', cidr: null }) as NetworkInterfaceInfo;

const INTERFACES = {
  lo: [address('127.0.0.1', 'IPv4', true), address('::1', 'IPv6', true)],
  wlan0: [address('192.168.1.20', 'IPv4'), address('fe80::1', 'IPv6')],
  eth0: [address('10.0.0.7', 'IPv4')],
  down: undefined,
};

describe('networkUrls', () => {
  it('lists the non-internal IPv4 addresses with the port', () => {
    expect(networkUrls(3000, INTERFACES)).toEqual(['http://192.168.1.20:3000', 'http://10.0.0.7:3000']);
  });

  it('is empty on a machine with only loopback', () => {
    expect(networkUrls(3000, { lo: INTERFACES.lo })).toEqual([]);
  });
});

describe('what npm start prints', () => {
  const startup = { port: 3000, host: '0.0.0.0', environment: 'development', publicUrl: 'http://localhost:3000', isPublicUrlSet: false } as const;

  it('prints localhost and the network addresses a phone on the same network can open', () => {
    const { url, networkLines } = describeStartupAddresses(startup, INTERFACES);
    expect(url).toBe('http://localhost:3000');
    expect(networkLines).toEqual([
      'On your network: http://192.168.1.20:3000',
      'On your network: http://10.0.0.7:3000',
      'A phone on the same network can open that address (and scan the photo QR code shown there).',
    ]);
  });

  it('prints no network address when the server only listens on this computer, or none exists', () => {
    expect(describeStartupAddresses({ ...startup, host: '127.0.0.1' }, INTERFACES).networkLines).toEqual([]);
    expect(describeStartupAddresses(startup, { lo: INTERFACES.lo }).networkLines).toEqual([]);
  });

  it('prints PUBLIC_URL alone when it is set: that is the address everyone uses', () => {
    expect(describeStartupAddresses({ ...startup, publicUrl: 'https://shop.example.com/', isPublicUrlSet: true }, INTERFACES)).toEqual({
      url: 'https://shop.example.com',
      networkLines: [],
    });
  });

  it('listens on the network on every interface only', () => {
    expect(listensOnNetwork('0.0.0.0')).toBe(true);
    expect(listensOnNetwork('::')).toBe(true);
    expect(listensOnNetwork('127.0.0.1')).toBe(false);
    expect(listensOnNetwork('localhost')).toBe(false);
  });
});
