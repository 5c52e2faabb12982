import { createServer } from 'node:http';

/**
 * Baseline (a), the runtime's ceiling: a bare node:http server answering a fixed JSON body of the size
 * of a status summary. No framework, no database.
 */
const body = JSON.stringify({ matricula: '004217', nome: 'Ana Paula Ribeiro', associado: true, categoria: 'titular', adimplente: true, ano_referencia: 2026 });
const server = createServer((_request, response) => {
  response.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) });
  response.end(body);
});
server.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => {
  process.stdout.write(`listening ${JSON.stringify(server.address())}\n`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
