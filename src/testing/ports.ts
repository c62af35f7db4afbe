/** A loopback port free at the moment of asking: for a server a test starts, or as one nothing listens on. */
import { createServer, type AddressInfo, type Server } from "node:net";

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** `server` listening on a loopback port of its own; answers its address ("http://127.0.0.1:PORT"). */
export async function listening(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}
