import { createServer as createNetServer } from 'node:net';

/**
 * A free port for an app server, chosen below Linux's ephemeral range (32768–60999). The app binds it a
 * little later (after the SMTP, OpenID and control servers have started, in global setup), and every
 * `listen(0)` on the machine takes an ephemeral port, so nothing else takes this one in between.
 */
export async function freeAppPort(): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const port = 20_000 + Math.floor(Math.random() * 12_000);
    const server = createNetServer();
    const bound = await new Promise<boolean>((resolve) => {
      server.once('error', () => resolve(false));
      server.listen(port, '127.0.0.1', () => resolve(true));
    });
    if (!bound) continue;
    await new Promise<void>((resolve) => server.close(() => resolve()));
    return port;
  }
  throw new Error('No free port found between 20000 and 32000');
}
