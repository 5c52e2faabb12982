import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { Problem, problemBody, type ProblemCode } from './problems.js';

/**
 * Answers what Node's HTTP parser refuses before any route sees it (oversized headers, a request too slow
 * to arrive, malformed HTTP) with a problem like every other error, then closes the connection.
 */
export function clientErrorHandler(baseUrl: string) {
  return (error: NodeJS.ErrnoException, socket: Socket): void => {
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    const [code, detail]: [ProblemCode, string] =
      error.code === 'HPE_HEADER_OVERFLOW'
        ? ['headers_too_large', 'Os cabeçalhos da requisição passam de 16 KB.']
        : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
          ? ['request_timeout', 'A requisição não chegou a tempo: os cabeçalhos devem chegar em 5 s, e a requisição inteira em 10 s.']
          : ['bad_request', 'A requisição HTTP está malformada.'];
    const problem = new Problem(code, detail);
    const body = JSON.stringify(problemBody(baseUrl, problem, '', ''));
    if (socket.writable) {
      socket.write(
        `HTTP/1.1 ${problem.status} ${STATUS_CODES[problem.status]}\r\nContent-Type: application/problem+json; charset=utf-8\r\n` +
          `Content-Length: ${Buffer.byteLength(body)}\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n${body}`,
      );
    }
    socket.destroy(error);
  };
}
