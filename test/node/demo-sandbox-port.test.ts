/**
 * `npm start`'s sandbox port (demo/demo-services.ts): 8787 unless SANDBOX_PORT says otherwise, any free
 * port when 8787 is taken, and a clear stop when the port a developer asked for is taken.
 */
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:net';
import { after, describe, it } from 'node:test';
import { services, startSandbox } from '../../demo/demo-services.js';

/** A port something else already listens on. */
async function takenPort(): Promise<{ port: number; server: Server }> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { port: (server.address() as { port: number }).port, server };
}

const close = (server: { close(callback: () => void): unknown }) => new Promise<void>((resolve) => server.close(() => resolve()));

describe('npm start: the sandbox port', () => {
  const opened: { close(callback: () => void): unknown }[] = [];
  after(() => Promise.all(opened.map(close)));

  it('stops with a message naming SANDBOX_PORT when the port asked for is taken', async () => {
    const taken = await takenPort();
    opened.push(taken.server);
    await assert.rejects(startSandbox(await services(), String(taken.port)), (error: Error) => {
      assert.match(error.message, new RegExp(`^SANDBOX_PORT=${taken.port}: the sandbox cannot listen there \\(.*EADDRINUSE`));
      assert.match(error.message, /leave SANDBOX_PORT unset/);
      return true;
    });
  });

  it('refuses a SANDBOX_PORT that is not a port number', async () => {
    await assert.rejects(
      startSandbox(await services(), 'eighty'),
      /SANDBOX_PORT must be a port number \(0 for any free port\), not "eighty"/,
    );
  });

  it('listens on any free port for SANDBOX_PORT=0, and says where', async () => {
    const sandbox = await startSandbox(await services(), '0');
    opened.push(sandbox.server);
    assert.match(sandbox.url, /^http:\/\/127\.0\.0\.1:\d+$/);
    // The sandbox itself answers there: without credentials, its 401.
    assert.equal((await fetch(`${sandbox.url}/api/2.1/scheduling/companies/demo-salon`)).status, 401);
  });
});
