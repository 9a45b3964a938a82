import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';

export interface Listening {
  server: Server;
  /** `http://127.0.0.1:<port>`, a port the OS chose. */
  url: string;
  close(): Promise<void>;
}

/** Serves a web-standard handler on 127.0.0.1 and a free port. */
export function listen(handler: (request: Request) => Response | Promise<Response>): Promise<Listening> {
  return new Promise((resolve, reject) => {
    const server = serve({ fetch: handler, port: 0, hostname: '127.0.0.1' }, (info: AddressInfo) =>
      resolve({
        server,
        url: `http://127.0.0.1:${info.port}`,
        close: () =>
          new Promise<void>((done) => {
            server.closeAllConnections();
            server.close(() => done());
          }),
      }),
    ) as Server;
    server.once('error', reject);
  });
}
