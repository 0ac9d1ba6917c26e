import type os from 'node:os';
import { describe, expect, it } from 'vitest';
import { listenAddress } from './listen-address';

const lan: os.NetworkInterfaceInfo = { address: '192.168.1.20', netmask: '255.255.255.0', family: 'IPv4', mac: '00:00:00:00:00:01', internal: false, cidr: '192.168.1.20/24' };
const lo: os.NetworkInterfaceInfo = { address: '127.0.0.1', netmask: '255.0.0.0', family: 'IPv4', mac: '00:00:00:00:00:00', internal: true, cidr: '127.0.0.1/8' };
const machine = { interfaces: { lo: [lo], eth0: [lan] }, hostname: 'desk' };

describe('listenAddress', () => {
  it('names a loopback bind as it is and says only this machine reaches it', () => {
    expect(listenAddress({ address: '127.0.0.1', family: 'IPv4', port: 3001 }, machine)).toEqual({ url: 'http://127.0.0.1:3001', loopback: true });
    expect(listenAddress({ address: '::1', family: 'IPv6', port: 3001 }, machine)).toEqual({ url: 'http://[::1]:3001', loopback: true });
  });

  it("names a wildcard bind by this machine's LAN address, else its host name", () => {
    expect(listenAddress({ address: '0.0.0.0', family: 'IPv4', port: 3001 }, machine)).toEqual({ url: 'http://192.168.1.20:3001', loopback: false });
    expect(listenAddress({ address: '::', family: 'IPv6', port: 3001 }, { interfaces: { lo: [lo] }, hostname: 'desk' })).toEqual({ url: 'http://desk:3001', loopback: false });
  });

  it('names a specific address as it is', () => {
    expect(listenAddress({ address: '100.64.0.7', family: 'IPv4', port: 4000 }, machine)).toEqual({ url: 'http://100.64.0.7:4000', loopback: false });
  });

  it('is undefined when the server does not listen on TCP', () => {
    expect(listenAddress(null, machine)).toBeUndefined();
    expect(listenAddress('/run/cui.sock', machine)).toBeUndefined();
  });
});
