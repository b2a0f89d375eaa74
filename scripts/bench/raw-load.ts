/**
 * A lean HTTP/1.1 load generator on raw keep-alive sockets. Node's http client costs more CPU per
 * request than nginx does to answer one, so on a 2-core machine it, not the server, would set the
 * pace; this one writes a ready-made request and only parses the status line and Content-Length.
 */
import { connect, type Socket } from 'node:net';
import type { LoadOptions, LoadResult } from './load.ts';

const HEADER_END = Buffer.from('\r\n\r\n');

type Connection = { socket: Socket; send(path: string): Promise<number> };

function open(port: number, requestFor: (path: string) => Buffer): Promise<Connection> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', port, noDelay: true });
    let buffered: Buffer = Buffer.alloc(0);
    let waiting: ((status: number) => void) | null = null;
    let failing: ((error: Error) => void) | null = null;
    let expected = -1;
    let status = 0;
    const parse = () => {
      for (;;) {
        if (expected < 0) {
          const end = buffered.indexOf(HEADER_END);
          if (end < 0) return;
          const head = buffered.subarray(0, end).toString('latin1');
          status = Number(head.slice(9, 12));
          const length = /\r\ncontent-length:\s*(\d+)/i.exec(head);
          if (!length) throw new Error(`response without Content-Length: ${head.split('\r\n')[0]}`);
          expected = end + 4 + Number(length[1]);
        }
        if (buffered.length < expected) return;
        buffered = buffered.subarray(expected);
        expected = -1;
        const done = waiting;
        waiting = null;
        done?.(status);
      }
    };
    socket.on('data', (chunk: Buffer) => {
      buffered = buffered.length === 0 ? chunk : Buffer.concat([buffered, chunk]);
      try {
        parse();
      } catch (error) {
        failing?.(error as Error);
        socket.destroy();
      }
    });
    socket.on('error', (error) => (failing ?? reject)(error));
    socket.once('connect', () =>
      resolve({
        socket,
        send: (path) =>
          new Promise((done, fail) => {
            waiting = done;
            failing = fail;
            socket.write(requestFor(path));
          }),
      }),
    );
  });
}

/** Keeps `connections` sockets busy for `seconds`, one request in flight on each, cycling through paths. */
export async function rawLoad(options: LoadOptions): Promise<LoadResult> {
  const extra = Object.entries(options.headers ?? {})
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  const requests = new Map(
    options.paths.map((path) => [
      path,
      Buffer.from(`GET ${path} HTTP/1.1\r\nHost: ${options.host}\r\n${extra}\r\n`, 'latin1'),
    ]),
  );
  const connections = await Promise.all(
    Array.from({ length: options.connections }, () =>
      open(options.port, (path) => requests.get(path) ?? Buffer.alloc(0)),
    ),
  );
  const deadline = performance.now() + options.seconds * 1000;
  let count = 0;
  let errors = 0;
  const latencies: number[] = [];
  const started = performance.now();
  await Promise.all(
    connections.map(async (connection, worker) => {
      for (let i = worker; performance.now() < deadline; i++) {
        const sent = performance.now();
        const status = await connection.send(options.paths[i % options.paths.length] ?? '/').catch(() => 0);
        latencies.push(performance.now() - sent);
        if (status !== 200) errors++;
        if (status === 0) break;
        count++;
      }
      connection.socket.destroy();
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  return { requests: count, errors, seconds, rps: count / seconds, latencies };
}
