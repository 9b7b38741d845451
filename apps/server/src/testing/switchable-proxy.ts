import { once } from 'node:events';
import { connect, createServer, type Socket } from 'node:net';

/**
 * How the proxy treats traffic: `forward` passes it on; `hang` accepts connections and takes
 * bytes but never passes them on or answers (a store that is up but stuck); `refuse` resets every
 * connection (a store that is down).
 */
export type ProxyMode = 'forward' | 'hang' | 'refuse';

export interface SwitchableProxy {
  url: string;
  setMode(mode: ProxyMode): void;
  stop(): Promise<void>;
}

// Test support: a TCP proxy in front of a real server (an s3rver) whose failure mode a test
// switches, so the same server can be stuck, dead, and back without restarting anything.
export async function startSwitchableProxy(targetPort: number): Promise<SwitchableProxy> {
  let mode: ProxyMode = 'forward';
  const clients = new Set<Socket>();
  const server = createServer((client) => {
    client.on('error', () => undefined);
    if (mode === 'refuse') {
      client.resetAndDestroy();
      return;
    }
    clients.add(client);
    let upstream: Socket | undefined;
    const toUpstream = (): Socket => {
      if (upstream) return upstream;
      upstream = connect(targetPort, '127.0.0.1');
      upstream.on('error', () => client.destroy());
      upstream.on('data', (chunk: Buffer) => {
        if (mode === 'forward') client.write(chunk);
      });
      upstream.on('close', () => client.destroy());
      return upstream;
    };
    // In `hang` mode the bytes are swallowed: the request never reaches the server.
    client.on('data', (chunk: Buffer) => {
      if (mode === 'forward') toUpstream().write(chunk);
    });
    client.on('close', () => {
      clients.delete(client);
      upstream?.destroy();
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('the proxy has no port');
  return {
    url: `http://127.0.0.1:${address.port}`,
    setMode(next) {
      mode = next;
      if (next === 'refuse') for (const client of clients) client.resetAndDestroy();
    },
    async stop() {
      for (const client of clients) client.destroy();
      server.close();
      await once(server, 'close');
    },
  };
}
