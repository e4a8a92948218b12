// Servers on 127.0.0.1 that stand in for platforms in the outbound tests (decision 143): each
// is listened on a free port and closed after its test by `closeLocalServers`.
import type { Server } from 'node:http';
import type { AddressInfo, Server as TcpServer } from 'node:net';

const servers: (Server | TcpServer)[] = [];

/** Listens on a free port of 127.0.0.1 until the test ends; the port. */
export async function listenLocal(server: Server | TcpServer): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  servers.push(server);
  return (server.address() as AddressInfo).port;
}

/** Closes a server before the test ends (a port nothing listens on any more). */
export async function closeLocal(server: Server | TcpServer): Promise<void> {
  servers.splice(servers.indexOf(server), 1);
  await new Promise((resolve) => server.close(resolve));
}

/** For `afterEach`: every server the test listened on, closed. */
export async function closeLocalServers(): Promise<void> {
  for (const server of servers.splice(0)) {
    if ('closeAllConnections' in server) server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
}
