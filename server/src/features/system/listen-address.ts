import type { AddressInfo } from 'node:net';
import os from 'node:os';
import type { ListenAddress } from '@cui/contract';
import { isLoopbackAddress } from '../../platform/security';

const WILDCARDS = new Set(['0.0.0.0', '::']);

/** This machine's first non-internal IPv4 address (what a phone on the same network opens), else its host name. */
function lanHost(interfaces: NodeJS.Dict<os.NetworkInterfaceInfo[]>, hostname: string): string {
  for (const entries of Object.values(interfaces)) {
    const found = entries?.find((entry) => entry.family === 'IPv4' && !entry.internal);
    if (found) return found.address;
  }
  return hostname;
}

/**
 * The address the HTTP server is bound to, as a URL another device would open. Undefined when it does not listen on
 * a TCP socket.
 */
export function listenAddress(
  bound: AddressInfo | string | null,
  machine: { interfaces: NodeJS.Dict<os.NetworkInterfaceInfo[]>; hostname: string } = { interfaces: os.networkInterfaces(), hostname: os.hostname() },
): ListenAddress | undefined {
  if (!bound || typeof bound === 'string') return undefined;
  const host = WILDCARDS.has(bound.address) ? lanHost(machine.interfaces, machine.hostname) : bound.address;
  const shown = host.includes(':') ? `[${host}]` : host;
  return { url: `http://${shown}:${bound.port}`, loopback: isLoopbackAddress(bound.address) };
}
