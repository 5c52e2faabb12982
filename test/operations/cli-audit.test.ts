// Runs once, on PostgreSQL: the commands write through the operations the admin area uses, whose tests run on both databases.
import assert from 'node:assert/strict';
import { hostname, userInfo } from 'node:os';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import { ADMIN_EMAIL, AdminAgent, createTestAdmin } from '../helpers/admin.js';
import { apiFixture, type ApiFixture } from '../helpers/api-app.js';
import { recordResults } from '../../src/operations/exam-results.js';
import { examWithCandidates } from '../helpers/exams.js';
import { runCli } from '../helpers/processes.js';
import { WebhookReceiver } from '../helpers/webhook-receiver.js';

interface CliRow {
  id: number;
  ocorrido_em: Date;
  origem: string;
  admin_id: number | null;
  metodo: string;
  rota: string;
  status: number;
  operador: string | null;
  detalhe: string | null;
}

describe("the command line's actions in the audit trail", { skip: !process.env.DATABASE_URL && 'runs on PostgreSQL' }, () => {
  let f: ApiFixture;
  let env: Record<string, string>;
  let receiver: WebhookReceiver;
  let token: number;
  let endpoint: number;

  /** Runs `associa args…` as the operator maria.souza, and answers its output and the rows it added to the trail. */
  async function run(args: string[], operator: string[] = ['--operator', 'maria.souza']): Promise<{ stdout: string; rows: CliRow[] }> {
    const before = await sql<{ id: number }>`select coalesce(max(id), 0)::int as id from auditoria`.execute(f.t.database.db);
    const result = await runCli([...operator, ...args], env);
    assert.equal(result.code, 0, result.stderr);
    const { rows } = await sql<CliRow>`
      select id::int, ocorrido_em, origem, admin_id, metodo, rota, status, operador, detalhe
        from auditoria where id > ${before.rows[0]!.id} and origem <> 'webhook' order by id`.execute(f.t.database.db);
    return { stdout: result.stdout, rows };
  }

  /** The one row an action added: origem cli, by maria.souza, for `command`, saying `detalhe`. */
  function assertRow(rows: CliRow[], command: string, detalhe: RegExp, operador = 'maria.souza'): void {
    assert.equal(rows.length, 1, JSON.stringify(rows));
    const [row] = rows;
    assert.deepEqual(
      { origem: row!.origem, admin_id: row!.admin_id, metodo: row!.metodo, rota: row!.rota, status: row!.status, operador: row!.operador },
      { origem: 'cli', admin_id: null, metodo: 'CLI', rota: command, status: 200, operador },
    );
    assert.match(row!.detalhe ?? '', detalhe);
  }

  before(async () => {
    f = await apiFixture(20);
    env = { DATABASE_URL: f.t.url! };
    receiver = await WebhookReceiver.start();
  });
  after(async () => {
    await receiver.close();
    await f.close();
  });

  it('token create: the operator, the command and the token, in the transaction that made it', async () => {
    const { stdout, rows } = await run(
      ['token', 'create', '--name', 'ERP financeiro', '--scopes', 'faturas:read,associados:read', '--json'],
      [],
    );
    token = (JSON.parse(stdout) as { id: number }).id;
    const operator = `${process.env.USER ?? userInfo().username}@${hostname()}`;
    assertRow(
      rows,
      'associa token create',
      new RegExp(`^token ${token} criado \\(ERP financeiro; faturas:read, associados:read\\)$`),
      operator,
    );
  });

  it('prova create and status: the exam and its move, each its row; an impossible move is refused and writes nothing', async () => {
    const created = await run(['prova', 'create', '--code', 'te-cli-2099', '--specialty', 'cardiologia', '--date', '2099-10-04']);
    const id = Number(/^Exam (\d+) TE-CLI-2099/.exec(created.stdout)?.[1]);
    assertRow(created.rows, 'associa prova create', /^prova TE-CLI-2099 criada \(especialista, cardiologia, 2099-10-04\)$/);
    const moved = await run(['prova', 'status', String(id), 'realizada']);
    assertRow(moved.rows, 'associa prova status', /^prova TE-CLI-2099: inscricoes_abertas → realizada$/);
    const refused = await runCli(['prova', 'status', String(id), 'inscricoes_abertas'], env);
    assert.equal(refused.code, 1);
    assert.match(refused.stderr, /an exam in realizada can move to resultados_publicados or cancelada, not inscricoes_abertas/);
    const listed = await runCli(['prova', 'list', '--json'], env);
    const exam = (JSON.parse(listed.stdout) as { id: number; status: string; candidatos: number }[]).find((row) => row.id === id);
    assert.deepEqual([exam?.status, exam?.candidatos], ['realizada', 0]);
  });

  it('prova annul: the result, what it was and the reason; a member without a result is refused', async () => {
    const id = await examWithCandidates(f.t.database.db, 'TE-CLIANULA-2099', 'realizada', [5]);
    await recordResults(
      f.t.database.db,
      { kind: 'cli', operator: 'maria.souza', command: 'associa prova annul' },
      id,
      [{ candidato: '5', resultado: 'reprovado', nota: '4' }],
      { scope: { regional: null }, tokenId: null },
    );
    const annulled = await run(['prova', 'annul', String(id), '5', '--reason', 'enviado por engano']);
    assert.match(annulled.stdout, /^Exam TE-CLIANULA-2099: the result of 5 \(reprovado\) annulled\.$/m);
    assertRow(
      annulled.rows,
      'associa prova annul',
      /^prova TE-CLIANULA-2099: resultado de 000005 anulado, era reprovado \(4\.00\); motivo: enviado por engano$/,
    );
    const refused = await runCli(['prova', 'annul', String(id), '5', '--reason', 'de novo'], env);
    assert.equal(refused.code, 1);
    assert.match(refused.stderr, /exam \d+ has no result for the member 5/);
  });

  it('token limits: what changed; showing them writes nothing', async () => {
    const changed = await run(['token', 'limits', String(token), '--rate-limit', '2000', '--concurrency', '3']);
    assertRow(
      changed.rows,
      'associa token limits',
      new RegExp(
        `^token ${token} limites alterados \\(ERP financeiro\\): requisições por minuto: padrão \\([\\d.]+\\) → 2\\.000; requisições simultâneas: padrão \\(\\d+\\) → 3$`,
      ),
    );
    assert.equal((await run(['token', 'limits', String(token)])).rows.length, 0);
  });

  it('webhook add, test, rotate-secret, disable, enable and redeliver: one row each', async () => {
    const added = await run(['webhook', 'add', '--token', String(token), '--url', receiver.url, '--types', 'fatura.paga', '--json']);
    endpoint = (JSON.parse(added.stdout) as { id: number }).id;
    assertRow(
      added.rows,
      'associa webhook add',
      new RegExp(`^webhook ${endpoint} criado para o token ${token} \\(ERP financeiro\\): .+; fatura\\.paga$`),
    );
    const tested = await run(['webhook', 'test', String(endpoint)]);
    assertRow(tested.rows, 'associa webhook test', new RegExp(`^webhook ${endpoint}: evento de teste \\S+ enviado$`));
    const attempt = await sql<{ detalhe: string }>`
      select detalhe from auditoria where origem = 'webhook' and rota = 'webhook.teste' order by id desc limit 1`.execute(f.t.database.db);
    assert.match(attempt.rows[0]!.detalhe, new RegExp(`^webhook ${endpoint}, teste por cli:maria\\.souza: `));
    assertRow(
      (await run(['webhook', 'rotate-secret', String(endpoint)])).rows,
      'associa webhook rotate-secret',
      new RegExp(`^webhook ${endpoint} com segredo rotacionado`),
    );
    assertRow(
      (await run(['webhook', 'disable', String(endpoint)])).rows,
      'associa webhook disable',
      new RegExp(`^webhook ${endpoint} desativado$`),
    );
    assertRow(
      (await run(['webhook', 'enable', String(endpoint)])).rows,
      'associa webhook enable',
      new RegExp(`^webhook ${endpoint} reativado$`),
    );
    assertRow(
      (await run(['webhook', 'redeliver', String(endpoint), '--since', '2026-01-01'])).rows,
      'associa webhook redeliver',
      new RegExp(`^webhook ${endpoint}: 0 entrega\\(s\\) com falha desde 2026-01-01T03:00:00\\.000Z reenviada\\(s\\)$`),
    );
  });

  it('token revoke; a refused command writes nothing', async () => {
    assertRow(
      (await run(['token', 'revoke', String(token)])).rows,
      'associa token revoke',
      new RegExp(`^token ${token} revogado \\(ERP financeiro\\)$`),
    );
    const before = await sql<{ n: number }>`select count(*)::int as n from auditoria where origem = 'cli'`.execute(f.t.database.db);
    const refused = await runCli(['token', 'create', '--name', 'x', '--scopes', 'cursos:read', '--cpf-misses-per-day', '1'], env);
    assert.equal(refused.code, 1);
    const again = await sql<{ n: number }>`select count(*)::int as n from auditoria where origem = 'cli'`.execute(f.t.database.db);
    assert.equal(again.rows[0]!.n, before.rows[0]!.n);
  });

  it('Auditoria and its CSV show who created a token, from where, and when', async () => {
    await createTestAdmin(f.app);
    const agent = new AdminAgent(f.app);
    await agent.login(ADMIN_EMAIL);
    const operator = `${process.env.USER ?? userInfo().username}@${hostname()}`;
    const [created] = (
      await sql<CliRow>`select id::int, ocorrido_em, rota, operador from auditoria where rota = 'associa token create'`.execute(
        f.t.database.db,
      )
    ).rows;
    const page = await agent.get('/admin/auditoria?token=admin');
    assert.equal(page.statusCode, 200);
    const row = new RegExp(`<tr[^>]*data-audit-id="${created!.id}"[^>]*>([\\s\\S]*?)</tr>`).exec(page.body)?.[1] ?? '';
    assert.match(row, /Linha de comando/);
    assert.ok(row.includes(operator), row);
    assert.match(row, /associa token create/);

    const csv = await agent.get('/admin/auditoria.csv?token=admin');
    assert.equal(csv.statusCode, 200);
    const [header, ...lines] = csv.body.slice(1).trim().split('\n');
    const columns = header!.split(',');
    const line = lines.find((text) => text.startsWith(`${created!.id},`));
    assert.ok(line, csv.body.slice(0, 2000));
    const cells = line.split(',');
    const cell = (name: string) => cells[columns.indexOf(name)];
    assert.equal(cell('origem'), 'cli');
    assert.equal(cell('admin_email'), operator);
    assert.equal(cell('rota'), 'associa token create');
    assert.equal(Date.parse(cell('quando')!), created!.ocorrido_em.getTime());
  });
});
