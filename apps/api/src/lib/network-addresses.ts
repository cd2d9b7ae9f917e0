import { networkInterfaces, type NetworkInterfaceInfo } from 'node:os';

type Interfaces = NodeJS.Dict<NetworkInterfaceInfo[]>;

/**
 * `http://192.168.1.20:3000` for each IPv4 address other machines on the network can reach this one
 * at (not loopback), so a phone on the same Wi-Fi can open the app and scan the upload QR code.
 */
export function networkUrls(port: number, interfaces: Interfaces = networkInterfaces()): string[] {
  const urls = new Set<string>();
  for (const addresses of Object.values(interfaces)) {
    for (const address of addresses ?? []) {
      // Node 18.0–18.3 reported the family as a number.
      const isIpv4 = address.family === 'IPv4' || (address.family as unknown) === 4;
      if (isIpv4 && !address.internal) urls.add(`http://${address.address}:${port}`);
    }
  }
  return [...urls];
}

/** Whether the server accepts connections from other machines (it listens on every interface). */
export function listensOnNetwork(host: string): boolean {
  return host === '0.0.0.0' || host === '::' || host === '';
}

export interface StartupAddresses {
  port: number;
  host: string;
  environment: 'development' | 'production' | 'test';
  publicUrl: string;
  isPublicUrlSet: boolean;
}

/**
 * What `npm start` prints: the address to open on this computer and — when the server listens on the
 * network and no PUBLIC_URL decides — the addresses a phone on the same network can open.
 */
export function describeStartupAddresses(startup: StartupAddresses, interfaces: Interfaces = networkInterfaces()): { url: string; networkLines: string[] } {
  const url = startup.environment === 'production' || startup.isPublicUrlSet ? startup.publicUrl.replace(/\/+$/, '') : `http://localhost:${startup.port}`;
  if (startup.isPublicUrlSet || !listensOnNetwork(startup.host)) return { url, networkLines: [] };
  const network = networkUrls(startup.port, interfaces);
  if (network.length === 0) return { url, networkLines: [] };
  return {
    url,
    networkLines: [
      ...network.map((address) => `On your network: ${address}`),
      'A phone on the same network can open that address (and scan the photo QR code shown there).',
    ],
  };
}
