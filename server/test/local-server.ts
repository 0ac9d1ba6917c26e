import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';

/**
 * Listens on 127.0.0.1 port 0 and returns the port and a close() that also drops open connections (a subscriber's
 * stream, a kept-alive socket), so a test double never holds the test run open. For the small fakes (ntfy, push).
 */
export async function listenLocal(server: Server): Promise<{ port: number; close(): Promise<void> }> {
  const sockets = new Set<Duplex>();
  server.on('connection', (socket: Duplex) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
