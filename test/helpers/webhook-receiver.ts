import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Received {
  headers: IncomingHttpHeaders;
  body: string;
  at: number;
}

/**
 * A local webhook receiver: records every POST and answers with what `answer` says (200 by default), as a
 * receiver of the association's systems would run it.
 */
export class WebhookReceiver {
  readonly received: Received[] = [];
  answer: (received: Received) => { status: number; headers?: Record<string, string>; body?: string } = () => ({ status: 200 });
  /** How long each answer waits, as a receiver that does some work before it answers. */
  delayMs = 0;
  private readonly server: Server;
  private port = 0;

  private constructor(server: Server) {
    this.server = server;
  }

  static async start(): Promise<WebhookReceiver> {
    const server = createServer();
    const receiver = new WebhookReceiver(server);
    server.on('request', (request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const received = { headers: request.headers, body: Buffer.concat(chunks).toString('utf8'), at: Date.now() };
        receiver.received.push(received);
        const { status, headers = {}, body = '' } = receiver.answer(received);
        setTimeout(() => response.writeHead(status, headers).end(body), receiver.delayMs);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    receiver.port = (server.address() as AddressInfo).port;
    return receiver;
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}/webhooks`;
  }

  /** Stops listening and drops every connection: deliveries meanwhile are refused, as to a receiver that is down. */
  async down(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise((resolve) => this.server.close(resolve));
  }

  /** Listens again, on the same address. */
  async up(): Promise<void> {
    await new Promise<void>((resolve) => this.server.listen(this.port, '127.0.0.1', resolve));
  }

  /** The envelopes received, parsed, in arrival order. */
  events<T = { id: string; type: string; sequencia: number; dados: Record<string, unknown> }>(): T[] {
    return this.received.map((received) => JSON.parse(received.body) as T);
  }

  async close(): Promise<void> {
    if (this.server.listening) await this.down();
  }
}
