/**
 * For tests: an HTTP proxy in front of the local cloud that misbehaves on purpose, one planned fault per request
 * in the order they come: a 500, a connection reset before the cloud sees the request, a reset after the cloud
 * has done the work (the answer is lost), or silence until the client gives up. Requests with no fault planned
 * pass through untouched.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type Fault = 'pass' | 'fail-500' | 'reset-before' | 'reset-after' | 'hang';

export interface FaultProxy {
  url: string;
  /** Faults for the next requests, in order. */
  plan(...faults: Fault[]): void;
  /** A fault for requests a rule picks (by method and path), before the planned ones; null lets them be. */
  rule(pick: ((method: string, path: string) => Fault | null) | null): void;
  /** Every request from now on fails with this fault until `heal()`. */
  breakDown(fault: Fault): void;
  heal(): void;
  /** Requests seen, and what happened to each. */
  log: { method: string; path: string; fault: Fault }[];
  close(): Promise<void>;
}

export async function startFaultProxy(upstream: string): Promise<FaultProxy> {
  const planned: Fault[] = [];
  let broken: Fault | null = null;
  let pick: ((method: string, path: string) => Fault | null) | null = null;
  const log: FaultProxy['log'] = [];
  const hanging = new Set<http.ServerResponse>();
  const target = new URL(upstream);

  const server = http.createServer((request, response) => {
    const fault = broken ?? pick?.(request.method ?? 'GET', request.url ?? '/') ?? planned.shift() ?? 'pass';
    log.push({ method: request.method ?? 'GET', path: request.url ?? '/', fault });
    if (fault === 'reset-before') return void request.socket.destroy();
    if (fault === 'hang') {
      hanging.add(response);
      return;
    }
    if (fault === 'fail-500') {
      request.resume();
      return void response.writeHead(500, { 'content-type': 'application/json' }).end(JSON.stringify({ message: 'Injected failure' }));
    }
    const forward = http.request(
      { hostname: target.hostname, port: target.port, method: request.method, path: request.url, headers: { ...request.headers, host: target.host } },
      (answer) => {
        if (fault === 'reset-after') {
          // The cloud did the work; the client never hears of it.
          answer.resume();
          answer.on('end', () => request.socket.destroy());
          return;
        }
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    forward.on('error', () => request.socket.destroy());
    request.pipe(forward);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    plan: (...faults) => void planned.push(...faults),
    rule: (next) => {
      pick = next;
    },
    breakDown: (fault) => {
      broken = fault;
    },
    heal: () => {
      broken = null;
      pick = null;
      planned.length = 0;
    },
    log,
    close: async () => {
      for (const response of hanging) response.socket?.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
