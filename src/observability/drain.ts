import type { Server } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';

const draining = new WeakSet<Server>();

/** Whether `server` is draining: /readyz then answers 503, so that a balancer which probes it stops sending. */
export function isDraining(server: Server): boolean {
  return draining.has(server);
}

/**
 * Stops `server` without a reset for a client that keeps its connection alive. For `drainMs` it goes on serving,
 * and every response closes its connection: a client learns from an answer, not from a connection closed under
 * the request it is sending, that it must connect again (to another instance, behind a balancer). Then the
 * listener closes: new connections are refused, and the connections left idle, whose clients sent nothing during
 * the drain, are closed (a connection still waiting in the listener's queue is reset by Linux: refused too, its
 * request never read). A request in progress, or still to come on a connection already accepted, is answered
 * (Fastify's close waits for it).
 */
export async function drain(server: Server, drainMs: number, log: FastifyBaseLogger): Promise<void> {
  draining.add(server);
  // Before Fastify's listener, which may answer at once; its reply keeps the headers already set on the response.
  server.prependListener('request', (_request, response) => response.setHeader('connection', 'close'));
  log.info({ drainMs }, 'draining: /readyz answers 503 and every response closes its connection');
  await sleep(drainMs);
  server.close();
  log.info('listener closed: new connections are refused');
}
