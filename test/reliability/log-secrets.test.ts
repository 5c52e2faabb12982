// Runs once, on PostgreSQL, as production runs: what the service echoes, logs and keeps in memory does not depend on the database.
import assert from 'node:assert/strict';
import { once } from 'node:events';
import { describe, it } from 'node:test';
import { startCli, tempDir } from '../helpers/processes.js';

/** A CPF, bare or formatted, standing alone (not inside a longer number, a request id or a timestamp). */
const CPF = /(?<![\w.-])(\d{3}\.\d{3}\.\d{3}-\d{2}|\d{11})(?![\w-])/;

/**
 * The embedded demo at its most verbose log level, given the requests most likely to leak a secret:
 * tokens in headers and where they do not belong, CPFs in paths and filters, an administrator's login.
 * Its log lines (JSON, one per line) are then searched for the token, the password and any CPF.
 */
describe('the logs', () => {
  it('never hold a token, a password or a CPF', async () => {
    const child = startCli(['serve'], { DATA_DIR: tempDir(), PORT: '0', LOG_LEVEL: 'trace' });
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.stderr!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    const deadline = Date.now() + 60_000;
    while (!/Password: (\S+)/.test(output)) {
      if (child.exitCode !== null || Date.now() > deadline) throw new Error(`serve did not start: ${output}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const base = /Health: (\S+)\/readyz/.exec(output)![1]!;
    const token = /^ {2}(associa_\S+)$/m.exec(output)![1]!;
    const email = /E-mail: +(\S+)/.exec(output)![1]!;
    const password = /Password: (\S+)/.exec(output)![1]!;
    const bannerEnd = output.length;
    const auth = { authorization: `Bearer ${token}` };

    const member = (await (await fetch(`${base}/api/v1/associados/1`, { headers: auth })).json()) as { cpf: string };
    const cpf = member.cpf.replace(/\D/g, '');
    assert.match(cpf, /^\d{11}$/, 'the demo token sees full CPFs');
    const formatted = `${cpf.slice(0, 3)}.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-${cpf.slice(9)}`;
    const requests: [string, RequestInit?][] = [
      [`/api/v1/associados?cpf=${cpf}`, { headers: auth }],
      [`/api/v1/associados?cpf=${encodeURIComponent(formatted)}`, { headers: auth }],
      [`/api/v1/associados/${cpf}/situacao`, { headers: auth }],
      [`/api/v1/associados/${formatted}`, { headers: auth }],
      [`/api/v1/associados?access_token=${token}`],
      [`/api/v1/associados/1?cpf=${cpf}&token=${token}`, { headers: auth }],
      ['/api/v1/associados/1', { headers: { authorization: `Bearer ${token.slice(0, -1)}x` } }],
      // A token hidden from a look for its prefix: a letter of it percent-encoded, or its secret alone.
      [`/api/v1/associados/associ%61_${token.slice(8)}/situacao`, { headers: auth }],
      [`/api/v1/associados?status=${token.slice(8)}`, { headers: auth }],
      ['/api/v1/associados/1', { headers: { ...auth, 'x-request-id': token.slice(8) } }],
      ['/api/v1/associados/1', { headers: { authorization: `Basic ${Buffer.from(`${email}:${password}`).toString('base64')}` } }],
      [`/nao-existe/${cpf}`, { headers: { cookie: `associa_admin=${token}`, 'x-api-key': token } }],
      [
        '/admin/entrar',
        {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: `email=${encodeURIComponent(email)}&senha=errada-${password}`,
        },
      ],
      [
        '/admin/entrar',
        {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: `email=${encodeURIComponent(email)}&senha=${encodeURIComponent(password)}`,
        },
      ],
    ];
    for (const [path, init] of requests) await (await fetch(`${base}${path}`, { ...init, redirect: 'manual' })).arrayBuffer();

    child.kill('SIGTERM');
    await once(child, 'exit');
    const lines = output
      .slice(bannerEnd)
      .split('\n')
      .filter((line) => line.startsWith('{'));
    assert.ok(lines.length > requests.length * 2, `only ${lines.length} log lines`);
    for (const line of lines) {
      assert.ok(!line.includes(token), `a log line holds the token: ${line}`);
      assert.ok(!line.includes(token.slice(8, 40)), `a log line holds part of the token: ${line}`);
      assert.ok(!line.includes(password), `a log line holds the password: ${line}`);
      assert.doesNotMatch(line, CPF, 'a log line holds a CPF');
    }
  });
});
