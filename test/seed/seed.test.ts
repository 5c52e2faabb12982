import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql, type Kysely } from 'kysely';
import type { Schema } from '../../src/db/schema.js';
import { businessDate } from '../../src/domain/dates.js';
import { isValidCpf } from '../../src/domain/cpf.js';
import {
  CATEGORIAS,
  COURSE_STATUSES,
  COURSE_TYPES,
  CRM_SITUACOES,
  FORMAS_PAGAMENTO,
  INVOICE_KINDS,
  MEMBER_STATUSES,
  MODALIDADES,
  STORED_INVOICE_STATUSES,
  TITULO_TIPOS,
} from '../../src/domain/enums.js';
import { UFS } from '../../src/domain/uf.js';
import { seed, SeedRefusedError } from '../../src/seed/load.js';
import { createTestDatabase, type TestDatabase } from '../helpers/database.js';

const MEMBERS = 2000;
const now = new Date();
const today = businessDate(now);

async function values(db: Kysely<Schema>, query: string): Promise<string[]> {
  const { rows } = await sql.raw<{ v: string }>(query).execute(db);
  return rows.map((row) => row.v);
}

async function count(db: Kysely<Schema>, query: string): Promise<number> {
  const { rows } = await sql.raw<{ n: number }>(`select count(*)::int as n from (${query}) as q`).execute(db);
  return rows[0]!.n;
}

describe('fictitious data', () => {
  let t: TestDatabase;
  let db: Kysely<Schema>;

  before(async () => {
    t = await createTestDatabase();
    db = t.database.db;
    const result = await seed(t.database, { members: MEMBERS, seed: 7, now, today, reset: false });
    assert.equal(result.members, MEMBERS);
    assert.ok(result.invoices > MEMBERS * 3, `only ${result.invoices} invoices`);
  });
  after(() => t.dispose());

  it('has the requested number of members with sequential matriculas', async () => {
    assert.deepEqual(
      await values(db, "select min(matricula)::text || '-' || max(matricula)::text || '-' || count(*)::text as v from associado"),
      [`1-${MEMBERS}-${MEMBERS}`],
    );
  });

  it('gives every member a valid, unique CPF', async () => {
    const cpfs = await values(db, 'select cpf as v from associado');
    assert.equal(cpfs.length, MEMBERS);
    assert.deepEqual(
      cpfs.filter((cpf) => !isValidCpf(cpf)),
      [],
    );
    assert.equal(new Set(cpfs).size, MEMBERS);
  });

  it('keeps CRMs unique per state and spreads them over the 27 states', async () => {
    assert.equal(await count(db, 'select uf, numero from crm group by uf, numero having count(*) > 1'), 0);
    assert.deepEqual(await values(db, 'select distinct uf as v from crm order by 1'), [...UFS].sort());
    assert.equal(await count(db, "select associado from crm where tipo = 'principal' group by associado having count(*) > 1"), 0);
  });

  it('keeps categories consistent with CRMs, specialties and titles', async () => {
    // Titulares, remidos and honorários hold a título de especialista; residents and students hold none.
    assert.equal(
      await count(
        db,
        `select matricula from associado a where categoria in ('titular', 'remido', 'honorario')
      and not exists (select 1 from titulo t where t.associado = a.matricula and t.tipo = 'especialista')`,
      ),
      0,
    );
    assert.equal(
      await count(
        db,
        `select 1 from titulo t join associado a on a.matricula = t.associado where a.categoria in ('aspirante', 'academico', 'efetivo')`,
      ),
      0,
    );
    // Students are not physicians yet.
    assert.equal(await count(db, `select 1 from crm c join associado a on a.matricula = c.associado where a.categoria = 'academico'`), 0);
    assert.equal(
      await count(
        db,
        `select 1 from associado a where categoria <> 'academico' and not exists (select 1 from crm c where c.associado = a.matricula and c.principal)`,
      ),
      0,
    );
    // A título de especialista is in a specialty the member holds (with RQE); an área de atuação needs a prerequisite.
    assert.equal(
      await count(
        db,
        `select 1 from titulo t where t.tipo = 'especialista' and not exists
      (select 1 from associado_especialidade ae where ae.associado = t.associado and ae.especialidade = t.especialidade)`,
      ),
      0,
    );
    assert.equal(
      await count(
        db,
        `select 1 from titulo t join especialidade e on e.codigo = t.especialidade where t.tipo = 'area_atuacao'
      and (e.tipo <> 'area_atuacao' or not exists (select 1 from associado_especialidade ae where ae.associado = t.associado and ae.especialidade = any (e.requisitos)))`,
      ),
      0,
    );
    assert.equal(
      await count(
        db,
        `select 1 from titulo t join especialidade e on e.codigo = t.especialidade where t.tipo = 'especialista' and e.tipo <> 'especialidade'`,
      ),
      0,
    );
  });

  it('records payment and NFS-e on paid invoices, and neither on open ones', async () => {
    assert.ok((await count(db, `select 1 from fatura where status = 'paid'`)) > 0);
    assert.equal(
      await count(
        db,
        `select 1 from fatura where status = 'paid' and (pago_em is null or valor_pago is null or forma_pagamento is null
      or transacao_id is null or nfse_numero is null or nfse_codigo_verificacao is null or nfse_emitida_em is null or nfse_municipio is null)`,
      ),
      0,
    );
    assert.equal(
      await count(
        db,
        `select 1 from fatura where status in ('open', 'cancelled') and (pago_em is not null or valor_pago is not null
      or forma_pagamento is not null or transacao_id is not null or nfse_numero is not null)`,
      ),
      0,
    );
    assert.equal(
      await count(
        db,
        `select 1 from fatura where status = 'paid' and (pago_em < criado_em or nfse_emitida_em < pago_em or valor_pago < valor)`,
      ),
      0,
    );
    assert.equal(await count(db, `select 1 from fatura where kind = 'anuidade' and (ano_referencia is null or curso_id is not null)`), 0);
    assert.equal(await count(db, `select 1 from fatura where kind = 'inscricao' and curso_id is null`), 0);
    assert.equal(await count(db, `select 1 from fatura where criado_em > now() or pago_em > now() or atualizado_em < criado_em`), 0);
  });

  it('numbers invoices in the order they were issued', async () => {
    assert.equal(
      await count(db, 'select 1 from (select criado_em < lag(criado_em) over (order by id) as earlier from fatura) as f where earlier'),
      0,
    );
  });

  it('bills the annual fee for the last five years and more, except to exempt categories', async () => {
    const years = (await values(db, `select distinct ano_referencia::text as v from fatura where kind = 'anuidade' order by 1`)).map(
      Number,
    );
    const current = Number(today.slice(0, 4));
    for (let year = current - 5; year < current; year++) assert.ok(years.includes(year), `no anuidade for ${year}`);
    assert.equal(
      await count(
        db,
        `select 1 from fatura f join associado a on a.matricula = f.associado where f.kind = 'anuidade' and a.categoria in ('remido', 'honorario')`,
      ),
      0,
    );
  });

  it('makes most active members adimplente, but not all', async () => {
    const overdue = `exists (select 1 from fatura f where f.associado = a.matricula and f.kind = 'anuidade' and f.status = 'open' and f.vencimento < '${today}')`;
    const active = await count(db, `select 1 from associado a where status = 'ativo'`);
    const inDebt = await count(db, `select 1 from associado a where status = 'ativo' and ${overdue}`);
    assert.ok(inDebt > 0 && inDebt < active * 0.3, `${inDebt} of ${active} active members in debt`);
    assert.ok((await count(db, `select 1 from associado a where status = 'suspenso' and ${overdue}`)) > 0);
  });

  it('uses every value of every enumeration of the contract', async () => {
    const expect = async (query: string, expected: readonly string[]) =>
      assert.deepEqual((await values(db, query)).sort(), [...expected].sort(), query);
    await expect('select distinct status as v from associado', MEMBER_STATUSES);
    await expect('select distinct categoria as v from associado', CATEGORIAS);
    await expect('select distinct regional as v from associado', UFS);
    await expect('select distinct status as v from fatura', STORED_INVOICE_STATUSES);
    await expect('select distinct kind as v from fatura', INVOICE_KINDS);
    await expect('select distinct forma_pagamento as v from fatura where forma_pagamento is not null', FORMAS_PAGAMENTO);
    await expect('select distinct tipo as v from curso', COURSE_TYPES);
    await expect('select distinct modalidade as v from curso', MODALIDADES);
    await expect('select distinct status as v from curso', COURSE_STATUSES);
    await expect('select distinct situacao as v from crm', CRM_SITUACOES);
    await expect('select distinct tipo as v from titulo', TITULO_TIPOS);
    // Overdue (open past due) and open-not-yet-due invoices both exist, whatever today is.
    assert.ok((await count(db, `select 1 from fatura where status = 'open' and vencimento < '${today}'`)) > 0);
    assert.ok((await count(db, `select 1 from fatura where status = 'open' and vencimento >= '${today}'`)) > 0);
    // Every kind of invoice has been paid, and refunds exist for registrations.
    await expect(`select distinct kind as v from fatura where status = 'paid'`, INVOICE_KINDS);
  });

  it('has courses in the past, running or ahead, with open and closed, full and unlimited enrolment', async () => {
    const open = `status = 'publicado' and inscricao_inicio <= now() and inscricao_fim > now() and (vagas is null or inscritos < vagas)`;
    assert.ok((await count(db, `select 1 from curso where ${open}`)) >= 3, 'courses open for enrolment');
    assert.ok((await count(db, `select 1 from curso where status = 'publicado' and not (${open})`)) > 0);
    assert.ok(
      (await count(db, `select 1 from curso where status = 'publicado' and vagas = inscritos and inscricao_fim > now()`)) > 0,
      'a full course',
    );
    assert.ok((await count(db, `select 1 from curso where vagas is null`)) > 0, 'unlimited places');
    assert.ok((await count(db, `select 1 from curso where data_fim < current_date`)) > 0);
    assert.ok((await count(db, `select 1 from curso where data_inicio > current_date`)) > 0);
    assert.equal(await count(db, `select 1 from curso c where (select count(*) from curso_preco p where p.curso = c.id) <> 8`), 0);
    assert.equal(
      await count(
        db,
        `select 1 from curso c where c.vagas is not null and (select count(*) from fatura f where f.curso_id = c.id and f.status in ('open', 'paid')) > c.inscritos`,
      ),
      0,
    );
  });

  it('refuses to seed a database that has members, unless asked to reset', async () => {
    await assert.rejects(seed(t.database, { members: 10, seed: 7, now, today, reset: false }), SeedRefusedError);
    assert.equal(await count(db, 'select 1 from associado'), MEMBERS);
  });

  it('leaves the data as it was when seeding fails half-way', async () => {
    const before = await values(db, "select (select count(*) from associado)::text || '/' || (select count(*) from fatura)::text as v");
    const indexes = await values(db, `select indexname as v from pg_indexes where tablename = 'fatura' order by 1`);
    const failing = {
      start() {},
      advance() {
        throw new Error('disk full');
      },
      finish() {},
    };
    await assert.rejects(seed(t.database, { members: 50, seed: 9, now, today, reset: true }, failing), /disk full/);
    assert.deepEqual(
      await values(db, "select (select count(*) from associado)::text || '/' || (select count(*) from fatura)::text as v"),
      before,
    );
    assert.deepEqual(await values(db, `select indexname as v from pg_indexes where tablename = 'fatura' order by 1`), indexes);
  });

  it('gives the same data for the same seed, and other data for another', async () => {
    const fingerprint = async () =>
      (
        await values(
          db,
          `select md5(
      (select string_agg(a::text, '|' order by matricula) from associado a) ||
      (select string_agg(c::text, '|' order by uf, numero) from crm c) ||
      (select string_agg(t.associado || t.especialidade || t.numero, '|' order by t.associado, t.numero) from titulo t) ||
      (select string_agg(c::text, '|' order by id) from curso c) ||
      (select string_agg(f::text, '|' order by id) from fatura f)) as v`,
        )
      )[0];
    const fixed = new Date('2026-06-15T15:00:00Z');
    const options = { members: 300, now: fixed, today: businessDate(fixed), reset: true };
    await seed(t.database, { ...options, seed: 11 });
    const first = await fingerprint();
    await seed(t.database, { ...options, seed: 11 });
    assert.equal(await fingerprint(), first);
    await seed(t.database, { ...options, seed: 12 });
    assert.notEqual(await fingerprint(), first);
  });
});
