import { createServer } from 'node:http';

/**
 * Baseline (a), the runtime's ceiling: a bare node:http server answering `GET /bytes/<n>` with a fixed
 * JSON body of exactly n bytes, so each endpoint is compared with writing a body of its own size. No
 * framework, no database.
 */
const bodies = new Map<number, Buffer>();

/** A JSON array of short objects, padded to exactly `size` bytes (at least 2). */
function body(size: number): Buffer {
  let cached = bodies.get(size);
  if (cached) return cached;
  const item = '{"id":1,"nome":"Ana Paula Ribeiro","ativo":true}';
  const items: string[] = [];
  // Leave room for the brackets and a padding string ("x…") at the end.
  while (2 + (items.length + 1) * (item.length + 1) + 4 <= size) items.push(item);
  let text = `[${items.join(',')}]`;
  const room = size - text.length;
  if (room >= 3) text = `[${items.join(',')}${items.length > 0 ? ',' : ''}"${'x'.repeat(room - (items.length > 0 ? 3 : 2))}"]`;
  else if (room > 0) text = `${text}${' '.repeat(room)}`;
  cached = Buffer.from(text);
  bodies.set(size, cached);
  return cached;
}

const server = createServer((request, response) => {
  const size = Number(/^\/bytes\/(\d{1,8})$/.exec(request.url ?? '')?.[1] ?? NaN);
  if (!(size >= 2)) {
    response.writeHead(404).end();
    return;
  }
  const payload = body(size);
  response.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': payload.length });
  response.end(payload);
});
server.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => {
  process.stdout.write(`listening ${JSON.stringify(server.address())}\n`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
