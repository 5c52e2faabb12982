import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import { sql } from 'kysely';
import { Webhook } from 'standardwebhooks';
import { formatMatricula } from '../../src/domain/matricula.js';
import { createEndpoint, findEndpoint } from '../../src/events/webhooks.queries.js';
import { payInvoice } from '../../src/simulation/payments.js';
import { revokeToken } from '../../src/tokens/tokens.queries.js';
import { apiFixture, type ApiFixture } from '../helpers/api-app.js';
import { eventually, sleep } from '../helpers/load.js';
import { WebhookReceiver } from '../helpers/webhook-receiver.js';

interface Envelope {
  id: string;
  type: string;
  sequencia: number;
  ocorrido_em: string;
  dados: Record<string, unknown>;
}

/** Old fees made by the tests, each with a number of its own. */
let feesMade = 0;

/**
 * A member of a category that pays annual fees and has none past due, given one an old fee left open: the insert
 * makes the member not adimplente, and paying the fee makes the member adimplente again.
 */
async function memberWithOneOverdueFee(f: ApiFixture): Promise<{ matricula: number; fatura: number }> {
  feesMade += 1;
  const { rows } = await sql<{ matricula: number; fatura: number }>`
    insert into fatura (numero, kind, descricao, associado, ano_referencia, valor, vencimento, status)
    select ${`TESTE/2016/${feesMade}`}, 'anuidade', 'Anuidade 2016', a.matricula, 2016, 700, '2016-03-31', 'open'
      from associado a join categoria c on c.codigo = a.categoria and not c.isenta_anuidade
     where a.status = 'ativo' and not exists (select 1 from fatura f
             where f.associado = a.matricula and f.kind = 'anuidade' and f.status = 'open' and f.vencida)
     order by a.matricula limit 1
    returning associado as matricula, id as fatura`.execute(f.t.database.db);
  assert.ok(rows[0], 'the seed has an adimplente member of a category that pays');
  return rows[0];
}

/** Registers `url` for `types` on a new token with `scopes`; returns the token and the endpoint's secret. */
async function subscribe(f: ApiFixture, url: string, scopes: Parameters<ApiFixture['token']>[0], types: string[], regional?: string) {
  const token = await f.token(scopes, regional ? { regional } : {});
  const { id: tokenId } = await f.t.database.db
    .selectFrom('api_token')
    .select('id')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirstOrThrow();
  const endpoint = await createEndpoint(f.t.database.db, f.app.webhooks.box, {
    tokenId,
    url,
    types: types as never,
    criadoPor: 'test',
  });
  return { token, tokenId, ...endpoint };
}

describe('webhooks: a change reaches a receiver, signed (API-DESIGN §13)', () => {
  let f: ApiFixture;
  let receiver: WebhookReceiver;

  before(async () => {
    f = await apiFixture(60, { WEBHOOK_RETRY_SCHEDULE: '300ms,300ms,300ms', WEBHOOK_DISABLE_AFTER: '2s' });
    await f.app.ready();
    receiver = await WebhookReceiver.start();
  });
  after(async () => {
    await f.close();
    await receiver.close();
  });
  beforeEach(async () => {
    // Each test hears only the endpoint it registers.
    await f.t.database.db
      .updateTable('webhook_endpoint')
      .set({ ativo: false, desativado_em: new Date(), motivo_desativacao: 'teste anterior' })
      .where('ativo', '=', true)
      .execute();
    await sleep(300);
    receiver.received.length = 0;
    receiver.answer = () => ({ status: 200 });
  });

  it('a simulated payment arrives as fatura.paga, verified by the standardwebhooks library, then associado.situacao_alterada', async () => {
    const { secret } = await subscribe(
      f,
      receiver.url,
      ['faturas:read', 'associados:situacao'],
      ['fatura.paga', 'associado.situacao_alterada'],
    );
    const member = await memberWithOneOverdueFee(f);
    await eventually(() => Promise.resolve(receiver.received.length >= 1), 10_000, 'the fee falling behind');
    const fellBehind = receiver.events()[0]!;
    assert.equal(fellBehind.type, 'associado.situacao_alterada');
    assert.equal(fellBehind.dados.adimplente, false);
    receiver.received.length = 0;
    const paid = await payInvoice(f.t.database.db, { faturaId: member.fatura, forma: 'pix' });
    assert.ok(paid.ok);

    await eventually(() => Promise.resolve(receiver.received.length >= 2), 10_000, 'two deliveries');
    const verifier = new Webhook(secret);
    const events = receiver.received.map(
      (received) => verifier.verify(received.body, received.headers as Record<string, string>) as Envelope,
    );
    const payment = events.find((event) => event.type === 'fatura.paga')!;
    assert.equal(payment.dados.fatura_id, member.fatura);
    assert.equal(payment.dados.matricula, formatMatricula(member.matricula));
    assert.equal(payment.dados.status, 'paid');
    assert.match(String(payment.dados.pago_em), /-03:00$/);
    assert.match(payment.id, /^evt_[0-9A-HJKMNP-TV-Z]{26}$/);
    assert.equal(receiver.received.find((r) => r.body.includes('fatura.paga'))!.headers['webhook-id'], payment.id);
    const standing = events.find((event) => event.type === 'associado.situacao_alterada')!;
    assert.deepEqual(standing.dados.anterior, {
      associado: standing.dados.associado,
      categoria: standing.dados.categoria,
      adimplente: false,
    });
    assert.equal(standing.dados.adimplente, true);
    assert.equal(standing.dados.matricula, formatMatricula(member.matricula));
    assert.ok(standing.sequencia > payment.sequencia, 'the standing follows the payment in sequence');
    // Nothing but identifiers and facts: no name, CPF or e-mail.
    for (const received of receiver.received) assert.doesNotMatch(received.body, /"(nome|cpf|email)"/);
  });

  it('an UPDATE written by another system (as with psql) produces its event', async () => {
    await subscribe(f, receiver.url, ['faturas:read'], ['fatura.cancelada']);
    const { id } = await f.t.database.db
      .selectFrom('fatura')
      .select('id')
      .where('status', '=', 'open')
      .orderBy('id')
      .limit(1)
      .executeTakeFirstOrThrow();
    await sql`update fatura set status = 'cancelled', cancelado_em = now() where id = ${id}`.execute(f.t.database.db);
    await eventually(
      () => Promise.resolve(receiver.events().some((event) => event.type === 'fatura.cancelada')),
      10_000,
      'fatura.cancelada',
    );
    const cancelled = receiver.events().find((event) => event.type === 'fatura.cancelada')!;
    assert.equal(cancelled.dados.fatura_id, id);
    assert.equal(cancelled.dados.status, 'cancelled');
  });

  it('an update that changes nothing an event reports writes none; moving an overdue fee turns two standings', async () => {
    const db = f.t.database.db;
    const newEvents = async (since: number) =>
      (await sql<{ tipo: string; matricula: number }>`select tipo, matricula from evento where id > ${since} order by id`.execute(db)).rows;
    const member = await memberWithOneOverdueFee(f);
    const { last } = (await sql<{ last: number }>`select coalesce(max(id), 0)::int as last from evento`.execute(db)).rows[0]!;
    await sql`update fatura set nfse_municipio = nfse_municipio where nfse_numero is not null and id in (select id from fatura where nfse_numero is not null limit 5)`.execute(
      db,
    );
    await sql`update associado set nome = nome where matricula = ${member.matricula}`.execute(db);
    await sql`update fatura set descricao = descricao || '' where id = ${member.fatura}`.execute(db);
    assert.deepEqual(await newEvents(last), []);

    // The fee goes to a member who was adimplente: the first one becomes adimplente, the second one not.
    const { rows } = await sql<{ matricula: number }>`
      select a.matricula from associado a join categoria c on c.codigo = a.categoria and not c.isenta_anuidade
       where a.status = 'ativo' and a.matricula <> ${member.matricula} and not exists (select 1 from fatura x
               where x.associado = a.matricula and x.kind = 'anuidade' and x.status = 'open' and x.vencida)
       order by a.matricula limit 1`.execute(db);
    const other = rows[0]!.matricula;
    await sql`update fatura set associado = ${other} where id = ${member.fatura}`.execute(db);
    assert.deepEqual(
      (await newEvents(last)).map(({ tipo, matricula }) => [tipo, Number(matricula)]),
      [
        ['associado.situacao_alterada', Math.min(member.matricula, other)],
        ['associado.situacao_alterada', Math.max(member.matricula, other)],
      ],
    );
  });

  it('retries by the schedule with the same webhook-id, and records each attempt', async () => {
    const { id: endpoint } = await subscribe(f, receiver.url, ['cursos:read'], ['curso.atualizado']);
    let calls = 0;
    receiver.answer = () => (++calls < 3 ? { status: 503, body: 'ocupado' } : { status: 204 });
    await sql`update curso set titulo = titulo || ' (novo local)' where id = (select min(id) from curso where status = 'publicado')`.execute(
      f.t.database.db,
    );
    await eventually(() => Promise.resolve(calls >= 3), 10_000, 'three attempts');
    const ids = new Set(receiver.received.map((received) => received.headers['webhook-id']));
    assert.equal(ids.size, 1, 'every attempt carries the same webhook-id');
    const gaps = receiver.received.slice(1).map((received, i) => received.at - receiver.received[i]!.at);
    for (const gap of gaps) assert.ok(gap >= 250, `retried after ${gap} ms, the schedule says about 300`);
    await eventually(
      async () =>
        (await f.t.database.db.selectFrom('webhook_entrega').select('estado').where('endpoint', '=', endpoint).executeTakeFirst())
          ?.estado === 'entregue',
      5000,
      'the delivery recorded as delivered',
    );
    const attempts = await f.t.database.db
      .selectFrom('webhook_tentativa as t')
      .innerJoin('webhook_entrega as d', 'd.id', 't.entrega')
      .select(['t.numero', 't.status_http', 't.resposta'])
      .where('d.endpoint', '=', endpoint)
      .orderBy('t.numero')
      .execute();
    assert.deepEqual(
      attempts.map((a) => [a.numero, a.status_http]),
      [
        [1, 503],
        [2, 503],
        [3, 204],
      ],
    );
    assert.equal(attempts[0]!.resposta, 'ocupado');
  });

  it('gives up after the last retry', async () => {
    const { id: endpoint } = await subscribe(f, receiver.url, ['cursos:read'], ['curso.atualizado']);
    receiver.answer = () => ({ status: 500 });
    await sql`update curso set vagas = vagas + 1 where id = (select min(id) from curso where status = 'publicado' and vagas is not null)`.execute(
      f.t.database.db,
    );
    await eventually(
      async () =>
        (await f.t.database.db.selectFrom('webhook_entrega').select('estado').where('endpoint', '=', endpoint).executeTakeFirst())
          ?.estado === 'falhou',
      10_000,
      'the delivery failed',
    );
    // The first attempt and the schedule's three retries.
    assert.equal(receiver.received.length, 4);
  });

  it('does not follow a redirect: a 3xx is a failed attempt', async () => {
    const { id: endpoint } = await subscribe(f, receiver.url, ['cursos:read'], ['curso.atualizado']);
    receiver.answer = (received) =>
      received.headers['webhook-id'] ? { status: 307, headers: { location: 'http://169.254.169.254/latest/meta-data/' } } : { status: 200 };
    await sql`update curso set carga_horaria = carga_horaria + 1 where id = (select min(id) from curso where status = 'publicado')`.execute(
      f.t.database.db,
    );
    await eventually(
      async () =>
        (await f.t.database.db
          .selectFrom('webhook_tentativa as t')
          .innerJoin('webhook_entrega as d', 'd.id', 't.entrega')
          .select('t.erro')
          .where('d.endpoint', '=', endpoint)
          .executeTakeFirst()) !== undefined,
      10_000,
      'an attempt',
    );
    const attempt = await f.t.database.db
      .selectFrom('webhook_tentativa as t')
      .innerJoin('webhook_entrega as d', 'd.id', 't.entrega')
      .select(['t.status_http', 't.erro'])
      .where('d.endpoint', '=', endpoint)
      .executeTakeFirstOrThrow();
    assert.equal(attempt.status_http, 307);
    assert.match(String(attempt.erro), /redirecionamento .* não seguido/);
    assert.ok(
      receiver.received.every((received) => received.headers['webhook-id']),
      'nothing reached the redirect target',
    );
  });

  it('410 Gone disables the endpoint at once and e-mails the administrators', async () => {
    const { id: endpoint } = await subscribe(f, receiver.url, ['cursos:read'], ['curso.atualizado']);
    await f.t.database.db.insertInto('admin_usuario').values({ email: 'ti@associa.example', senha_hash: 'x' }).execute();
    receiver.answer = () => ({ status: 410 });
    await sql`update curso set pontos_cna = pontos_cna + 1 where id = (select min(id) from curso where status = 'publicado')`.execute(
      f.t.database.db,
    );
    await eventually(async () => (await findEndpoint(f.t.database.db, endpoint))?.ativo === false, 10_000, 'the endpoint disabled');
    const disabled = (await findEndpoint(f.t.database.db, endpoint))!;
    assert.match(String(disabled.motivo_desativacao), /410/);
    const mail = await f.t.database.db
      .selectFrom('email_saida')
      .select(['para', 'assunto'])
      .where('assunto', 'like', 'Webhook desativado%')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    assert.equal(mail.para, 'ti@associa.example');
    const before = receiver.received.length;
    await sql`update curso set pontos_cna = pontos_cna + 1 where id = (select min(id) from curso where status = 'publicado')`.execute(
      f.t.database.db,
    );
    await sleep(1000);
    assert.equal(receiver.received.length, before, 'a disabled endpoint receives nothing');
  });

  it('an endpoint failing for WEBHOOK_DISABLE_AFTER without a success is disabled', async () => {
    const { id: endpoint } = await subscribe(f, receiver.url, ['cursos:read'], ['curso.atualizado']);
    receiver.answer = () => ({ status: 500 });
    const change = () =>
      sql`update curso set resumo = resumo || '.' where id = (select min(id) from curso where status = 'publicado')`.execute(
        f.t.database.db,
      );
    // The first change's attempts all fail within about a second; a change after WEBHOOK_DISABLE_AFTER (2 s) fails once more.
    await change();
    await sleep(2100);
    assert.equal((await findEndpoint(f.t.database.db, endpoint))?.ativo, true, 'still enabled before 2 s of failures');
    await change();
    await eventually(async () => (await findEndpoint(f.t.database.db, endpoint))?.ativo === false, 10_000, 'the endpoint disabled');
    assert.match(String((await findEndpoint(f.t.database.db, endpoint))!.motivo_desativacao), /sem nenhum sucesso/);
  });

  it("a branch-restricted token's endpoint receives only its branch's events, and the courses'", async () => {
    const { rows } = await sql<{
      regional: string;
    }>`select regional from associado group by regional order by count(*) desc limit 2`.execute(f.t.database.db);
    const [own, other] = rows.map((row) => row.regional);
    await subscribe(f, receiver.url, ['faturas:read', 'cursos:read'], ['fatura.cancelada', 'curso.atualizado'], own);
    for (const regional of [other, own]) {
      await sql`update fatura set status = 'cancelled', cancelado_em = now()
        where id = (select min(f.id) from fatura f join associado a on a.matricula = f.associado
                     where a.regional = ${regional} and f.status = 'open')`.execute(f.t.database.db);
    }
    await sql`update curso set resumo = resumo || ' ' where id = (select min(id) from curso where status = 'publicado')`.execute(
      f.t.database.db,
    );
    await eventually(() => Promise.resolve(receiver.received.length >= 2), 10_000, 'two deliveries');
    await sleep(1000);
    const events = receiver.events();
    assert.deepEqual(events.map((event) => event.type).sort(), ['curso.atualizado', 'fatura.cancelada']);
    const invoice = events.find((event) => event.type === 'fatura.cancelada')!;
    const { regional } = await f.t.database.db
      .selectFrom('associado')
      .select('regional')
      .where('matricula', '=', Number(invoice.dados.matricula))
      .executeTakeFirstOrThrow();
    assert.equal(regional, own);
  });

  it("a revoked token's endpoint receives nothing more", async () => {
    const { tokenId } = await subscribe(f, receiver.url, ['cursos:read'], ['curso.atualizado']);
    await revokeToken(f.t.database.db, tokenId);
    await sql`update curso set resumo = resumo || '!' where id = (select min(id) from curso where status = 'publicado')`.execute(
      f.t.database.db,
    );
    await sleep(1500);
    assert.equal(receiver.received.length, 0);
  });

  it('writes an audit row for every attempt, with the token, the event and the member it carried', async () => {
    const { tokenId } = await subscribe(f, receiver.url, ['faturas:read'], ['fatura.emitida']);
    const { rows } = await sql<{ id: number; associado: number }>`
      insert into fatura (numero, kind, descricao, associado, valor, vencimento, status)
      select 'TESTE/0001', 'taxa_prova', 'Taxa de prova de título', min(matricula), 350, current_date + 30, 'open' from associado
      returning id, associado`.execute(f.t.database.db);
    await eventually(() => Promise.resolve(receiver.received.length >= 1), 10_000, 'the delivery');
    const event = receiver.events()[0]!;
    await eventually(
      async () =>
        (await f.t.database.db.selectFrom('auditoria').select('id').where('request_id', '=', event.id).executeTakeFirst()) !== undefined,
      5000,
      'the audit row',
    );
    const row = await f.t.database.db.selectFrom('auditoria').selectAll().where('request_id', '=', event.id).executeTakeFirstOrThrow();
    assert.equal(row.origem, 'webhook');
    assert.equal(row.token_id, tokenId);
    assert.equal(row.rota, 'fatura.emitida');
    assert.equal(row.status, 200);
    assert.deepEqual(row.matriculas, [rows[0]!.associado]);
  });
});
