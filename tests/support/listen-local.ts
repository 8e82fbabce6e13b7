import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'

/** A contract server on a free 127.0.0.1 port: its origin, and a close that ends open connections too. */
export async function listenLocal(server: Server): Promise<{ origin: string; close(): Promise<void> }> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
