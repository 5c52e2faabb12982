import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import { businessDate } from '../../src/domain/dates.js';
import { formatCpf } from '../../src/domain/cpf.js';
import { payInvoice } from '../../src/simulation/payments.js';
import { AdminAgent, createTestAdmin, csrfOf } from '../helpers/admin.js';
import { apiFixture, type ApiFixture } from '../helpers/api-app.js';
import { eventually } from '../helpers/load.js';

/** Text as it appears inside the HTML of a page. */
function html(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

function pattern(text: string): RegExp {
  return new RegExp(html(text).replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
}

interface InvoiceState {
  status: string;
  pago_em: Date | null;
  valor: string;
  valor_pago: string | null;
  forma_pagamento: string | null;
  transacao_id: string | null;
  nfse_numero: string | null;
  nfse_codigo_verificacao: string | null;
  nfse_emitida_em: Date | null;
  nfse_municipio: string | null;
  cancelado_em: Date | null;
  reembolsado_em: Date | null;
}

describe('administration: Simulação and Caixa de saída', () => {
  let f: ApiFixture;
  let agent: AdminAgent;
  let adminId: number;
  let situacaoToken: string;
  const today = businessDate(new Date());
  const year = Number(today.slice(0, 4));

  const db = () => f.t.database.db;
  const invoice = async (id: number) => (await sql<InvoiceState>`select * from fatura where id = ${id}`.execute(db())).rows[0]!;
  const mailsOf = async (faturaId: number) =>
    (
      await sql<{ id: number; para: string; assunto: string; corpo: string; associado: number }>`
      select id, para, assunto, corpo, associado from email_saida where fatura = ${faturaId} order by id`.execute(db())
    ).rows;
  const nfseMax = async (municipio: string) =>
    (
      await sql<{ max: number }>`
      select coalesce(max(nfse_numero::bigint), 0)::int as max from fatura where nfse_municipio = ${municipio}`.execute(db())
    ).rows[0]!.max;
  const auditRows = async (rota: string, matricula: number) => {
    await f.app.audit.flush();
    return (
      await sql<{ origem: string; admin_id: number; metodo: string; status: number; detalhe: string; matriculas: number[] }>`
      select origem, admin_id, metodo, status, detalhe, matriculas from auditoria
       where rota = ${rota} and ${matricula} = any(matriculas) order by id`.execute(db())
    ).rows;
  };
  /** An open invoice that is not an overdue annual fee, so that acting on it leaves members' standing alone. */
  const openInvoice = async () =>
    (
      await sql<{ id: number; numero: string; associado: number }>`
      select id, numero, associado from fatura
       where status = 'open' and not (kind = 'anuidade' and vencimento < ${today}::date)
       order by id limit 1`.execute(db())
    ).rows[0]!;
  const memberTouchedAt = async (matricula: number) =>
    (await sql<{ atualizado_em: Date }>`select atualizado_em from associado where matricula = ${matricula}`.execute(db())).rows[0]!
      .atualizado_em;
  const situacao = async (matricula: number) => {
    const response = await f.api.get(`/api/v1/associados/${matricula}/situacao`, situacaoToken);
    assert.equal(response.statusCode, 200);
    return response.json<{ adimplente: boolean }>();
  };
  const memberPage = (matricula: number) => `/admin/simulacao/associados/${matricula}`;

  before(async () => {
    f = await apiFixture();
    adminId = await createTestAdmin(f.app);
    agent = new AdminAgent(f.app);
    assert.equal((await agent.login()).statusCode, 303);
    situacaoToken = await f.token(['associados:read']);
  });
  after(() => f.close());

  describe('paying an overdue annual fee', () => {
    // A member whose only overdue annual fee is this one, in a city where another member has an open invoice too.
    let fee: {
      id: number;
      numero: string;
      associado: number;
      valor: string;
      descricao: string;
      email: string;
      municipio: string;
      regional: string;
    };
    let second: { id: number; numero: string; associado: number };
    let firstNumber: number;
    let emailId: number;

    before(async () => {
      const { rows } = await sql<typeof fee>`
        select f.id, f.numero, f.associado, f.valor, f.descricao, a.email, r.municipio, a.regional
          from fatura f join associado a on a.matricula = f.associado join regional r on r.codigo = a.regional
         where f.kind = 'anuidade' and f.status = 'open' and f.vencimento < ${today}::date and f.ano_referencia <= ${year}
           and (select count(*) from fatura g where g.associado = f.associado and g.kind = 'anuidade' and g.status = 'open'
                  and g.vencimento < ${today}::date and g.ano_referencia <= ${year}) = 1
           and exists (select 1 from fatura g join associado b on b.matricula = g.associado
                        where b.regional = a.regional and b.matricula <> a.matricula and g.status = 'open')
         order by f.id limit 1`.execute(db());
      assert.ok(rows[0], 'the seed has a member whose only overdue annual fee could be paid');
      fee = rows[0];
      second = (
        await sql<typeof second>`
        select g.id, g.numero, g.associado from fatura g join associado b on b.matricula = g.associado
         where b.regional = ${fee.regional} and b.matricula <> ${fee.associado} and g.status = 'open' order by g.id limit 1`.execute(db())
      ).rows[0]!;
    });

    it('shows the member as not adimplente, the fee as vencida, with the forms to pay or cancel it', async () => {
      assert.equal((await situacao(fee.associado)).adimplente, false);
      const page = await agent.get(memberPage(fee.associado));
      assert.equal(page.statusCode, 200);
      assert.match(String(page.headers['content-type']), /^text\/html; charset=utf-8$/);
      assert.equal(page.headers['cache-control'], 'no-store');
      assert.match(page.body, /<td id="adimplente">Não: há anuidade vencida em aberto<\/td>/);
      const row = new RegExp(`<tr id="fatura-${fee.id}">.*?</tr>`, 's').exec(page.body)?.[0] ?? '';
      assert.match(row, pattern(fee.numero));
      assert.match(row, /<span class="badge badge-overdue">vencida<\/span>/);
      assert.match(row, new RegExp(`<form method="post" action="/admin/simulacao/faturas/${fee.id}/pagar">`));
      assert.match(
        row,
        new RegExp(`<label for="forma-${fee.id}">Forma de pagamento<span class="skip"> da fatura ${fee.numero}</span></label>`),
      );
      assert.match(
        row,
        /<option value="pix">PIX<\/option><option value="boleto">Boleto bancário<\/option><option value="cartao_credito">Cartão de crédito<\/option>/,
      );
      assert.match(row, new RegExp(`action="/admin/simulacao/faturas/${fee.id}/cancelar"`));
      assert.doesNotMatch(row, /estornar/);
      assert.match(page.body, /<th scope="col">NFS-e<\/th>/);
    });

    it("pays it: the invoice is paid in full with a NFS-e numbered after the city's last one, and the member becomes adimplente", async () => {
      firstNumber = (await nfseMax(fee.municipio)) + 1;
      const touchedBefore = await memberTouchedAt(fee.associado);
      const paidAfter = new Date();

      const response = await agent.submit(memberPage(fee.associado), `/admin/simulacao/faturas/${fee.id}/pagar`, { forma: 'pix' });
      assert.equal(response.statusCode, 303);
      const location = String(response.headers.location);
      const match = new RegExp(`^/admin/simulacao/associados/${fee.associado}\\?feito=pagamento&fatura=${fee.id}&email=(\\d+)$`).exec(
        location,
      );
      assert.ok(match, location);
      emailId = Number(match[1]);

      const state = await invoice(fee.id);
      assert.equal(state.status, 'paid');
      assert.equal(state.valor_pago, fee.valor);
      assert.equal(state.forma_pagamento, 'pix');
      assert.match(state.transacao_id!, /^E\d{8}\d{12}[a-z0-9]{11}$/);
      assert.ok(state.pago_em! >= new Date(paidAfter.getTime() - 1000));
      assert.equal(state.nfse_numero, String(firstNumber));
      assert.match(state.nfse_codigo_verificacao!, /^[A-HJ-NP-Z0-9]{9}$/);
      assert.equal(state.nfse_municipio, fee.municipio);
      assert.deepEqual(state.nfse_emitida_em, state.pago_em);
      assert.ok((await memberTouchedAt(fee.associado)) > touchedBefore, 'the member shows up again for clients syncing with updated_since');

      assert.equal((await situacao(fee.associado)).adimplente, true);
      const since = encodeURIComponent(paidAfter.toISOString());
      // Served once every transaction that could still stamp an earlier change has ended, a second on (src/db/commit-horizon.ts).
      await eventually(
        async () => {
          const list = await f.api.get(`/api/v1/associados?updated_since=${since}&limit=500`, situacaoToken);
          return list.statusCode === 200 && list.json<{ matricula: string }[]>().some((m) => Number(m.matricula) === fee.associado);
        },
        5000,
        'the member in a list with updated_since',
      );

      const page = await agent.get(location);
      assert.equal(page.statusCode, 200);
      assert.match(page.body, /<div class="notice notice-ok" role="status">/);
      assert.match(
        page.body,
        pattern(
          `Pagamento simulado da fatura ${fee.numero} registrado (PIX). NFS-e nº ${firstNumber} emitida, código de verificação ${state.nfse_codigo_verificacao}`,
        ),
      );
      assert.match(page.body, new RegExp(`<a href="/admin/caixa-de-saida/${emailId}">Ver o e-mail na caixa de saída.</a>`));
      assert.match(page.body, /<td id="adimplente">Sim<\/td>/);
      const row = new RegExp(`<tr id="fatura-${fee.id}">.*?</tr>`, 's').exec(page.body)?.[0] ?? '';
      assert.match(row, /<span class="badge badge-paid">paga<\/span>/);
      assert.match(row, new RegExp(`nº ${firstNumber}`));
      assert.match(row, new RegExp(`action="/admin/simulacao/faturas/${fee.id}/estornar"`));
      assert.doesNotMatch(row, /pagar"|cancelar"/);
    });

    it('puts the receipt in the outbox, addressed to the member, with the amount, the method and the NFS-e', async () => {
      const state = await invoice(fee.id);
      const mails = await mailsOf(fee.id);
      assert.equal(mails.length, 1);
      const [mail] = mails;
      assert.equal(mail!.id, emailId);
      assert.equal(mail!.para, fee.email);
      assert.equal(mail!.associado, fee.associado);
      assert.equal(mail!.assunto, `Recibo de pagamento — fatura ${fee.numero}`);
      const reais = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' }).format(Number(fee.valor));
      for (const line of [
        fee.descricao,
        `Valor pago: ${reais}`,
        'Forma de pagamento: PIX',
        `Número: ${firstNumber}`,
        `Código de verificação: ${state.nfse_codigo_verificacao}`,
        `Identificação da transação: ${state.transacao_id}`,
      ]) {
        assert.ok(mail!.corpo.includes(line), line);
      }

      const outbox = await agent.get('/admin/caixa-de-saida');
      assert.equal(outbox.statusCode, 200);
      assert.match(outbox.body, new RegExp(`<a href="/admin/caixa-de-saida/${emailId}">${html(mail!.assunto)}</a>`));
      assert.match(outbox.body, pattern(fee.email));
      assert.match(outbox.body, /<th scope="col">Assunto<\/th>/);

      const detail = await agent.get(`/admin/caixa-de-saida/${emailId}`);
      assert.equal(detail.statusCode, 200);
      assert.match(detail.body, /<h1>Recibo de pagamento — fatura /);
      assert.match(detail.body, new RegExp(`<tr><th scope="row">Para</th><td>${html(fee.email)}</td></tr>`));
      assert.ok(detail.body.includes(`<pre class="mail">${html(mail!.corpo)}</pre>`));
      assert.match(detail.body, new RegExp(`<a href="/admin/simulacao/associados/${fee.associado}">`));

      const audit = await auditRows('/admin/caixa-de-saida/:id', fee.associado);
      assert.equal(audit.length, 1);
      assert.equal(audit[0]!.origem, 'admin');
      assert.equal(audit[0]!.admin_id, adminId);
      assert.match(audit[0]!.detalhe, new RegExp(`^consulta ao e-mail simulado ${emailId} do associado `));
    });

    it('gives the next payment in the same city the number after', async () => {
      const response = await agent.submit(memberPage(second.associado), `/admin/simulacao/faturas/${second.id}/pagar`, { forma: 'boleto' });
      assert.equal(response.statusCode, 303);
      const state = await invoice(second.id);
      assert.equal(state.status, 'paid');
      assert.equal(state.forma_pagamento, 'boleto');
      assert.match(state.transacao_id!, /^\d{17}$/);
      assert.equal(state.nfse_numero, String(firstNumber + 1));
      assert.equal(state.nfse_municipio, fee.municipio);
      assert.equal(
        (await sql<{ ultimo_numero: number }>`select ultimo_numero from nfse_sequencia where municipio = ${fee.municipio}`.execute(db()))
          .rows[0]!.ultimo_numero,
        firstNumber + 1,
      );
    });

    it('refuses to pay it again, and says why', async () => {
      const response = await agent.submit(memberPage(fee.associado), `/admin/simulacao/faturas/${fee.id}/pagar`, {
        forma: 'cartao_credito',
      });
      assert.equal(response.statusCode, 303);
      assert.equal(response.headers.location, `/admin/simulacao/associados/${fee.associado}?recusado=pagar&fatura=${fee.id}`);
      const page = await agent.get(String(response.headers.location));
      assert.match(
        page.body,
        /<div class="notice notice-error" role="alert">Esta fatura já foi paga \(fatura [^)]+\)\. Nada foi alterado\.<\/div>/,
      );
      assert.equal((await invoice(fee.id)).forma_pagamento, 'pix');
      assert.equal((await mailsOf(fee.id)).length, 1);
    });

    it("records the page views and the payment in the audit trail, with the member's matricula", async () => {
      const views = await auditRows('/admin/simulacao/associados/:matricula', fee.associado);
      assert.ok(views.length >= 2);
      for (const view of views) {
        assert.equal(view.origem, 'admin');
        assert.equal(view.metodo, 'GET');
        assert.equal(view.admin_id, adminId);
        assert.equal(view.detalhe, `consulta ao associado ${String(fee.associado).padStart(6, '0')} na simulação`);
      }
      const payments = await auditRows('/admin/simulacao/faturas/:id/pagar', fee.associado);
      assert.equal(payments.length, 2);
      assert.equal(payments[0]!.origem, 'admin');
      assert.equal(payments[0]!.metodo, 'POST');
      assert.equal(payments[0]!.status, 303);
      assert.deepEqual(payments[0]!.matriculas, [fee.associado]);
      assert.equal(payments[0]!.detalhe, `pagamento simulado da fatura ${fee.numero} (pix), NFS-e ${firstNumber} de ${fee.municipio}`);
      assert.equal(payments[1]!.detalhe, `pagamento simulado da fatura ${fee.numero} recusado (situação: paid)`);
    });

    it('refunds the payment: the invoice keeps its payment and NFS-e, and the member is told', async () => {
      const before = await invoice(fee.id);
      const response = await agent.submit(memberPage(fee.associado), `/admin/simulacao/faturas/${fee.id}/estornar`, {});
      assert.equal(response.statusCode, 303);
      assert.match(
        String(response.headers.location),
        new RegExp(`^/admin/simulacao/associados/${fee.associado}\\?feito=estorno&fatura=${fee.id}&email=\\d+$`),
      );
      const state = await invoice(fee.id);
      assert.equal(state.status, 'refunded');
      assert.ok(state.reembolsado_em);
      assert.deepEqual(
        [state.pago_em, state.valor_pago, state.forma_pagamento, state.transacao_id, state.nfse_numero],
        [before.pago_em, before.valor_pago, before.forma_pagamento, before.transacao_id, before.nfse_numero],
      );
      const mails = await mailsOf(fee.id);
      assert.equal(mails.length, 2);
      assert.equal(mails[1]!.assunto, `Estorno de pagamento — fatura ${fee.numero}`);
      assert.equal(mails[1]!.para, fee.email);
      const page = await agent.get(String(response.headers.location));
      assert.match(page.body, pattern(`Estorno da fatura ${fee.numero} registrado`));
      assert.match(page.body, /<span class="badge badge-refunded">estornada<\/span>/);

      const again = await agent.submit(memberPage(fee.associado), `/admin/simulacao/faturas/${fee.id}/estornar`, {});
      assert.equal(again.headers.location, `/admin/simulacao/associados/${fee.associado}?recusado=estornar&fatura=${fee.id}`);
      assert.match((await agent.get(String(again.headers.location))).body, /Esta fatura já foi estornada \(fatura /);
      assert.equal((await mailsOf(fee.id)).length, 2);

      const audit = await auditRows('/admin/simulacao/faturas/:id/estornar', fee.associado);
      assert.deepEqual(
        audit.map((row) => [row.origem, row.detalhe]),
        [
          ['admin', `estorno simulado da fatura ${fee.numero} (pix)`],
          ['admin', `estorno simulado da fatura ${fee.numero} recusado (situação: refunded)`],
        ],
      );
    });
  });

  describe('refunds and cancellations of open invoices', () => {
    it('refuses to refund an open invoice, changing nothing', async () => {
      const open = await openInvoice();
      const response = await agent.submit(memberPage(open.associado), `/admin/simulacao/faturas/${open.id}/estornar`, {});
      assert.equal(response.statusCode, 303);
      assert.equal(response.headers.location, `/admin/simulacao/associados/${open.associado}?recusado=estornar&fatura=${open.id}`);
      const page = await agent.get(String(response.headers.location));
      assert.match(page.body, /role="alert">Esta fatura não foi paga: não há pagamento a estornar \(fatura [^)]+\)\. Nada foi alterado\./);
      const state = await invoice(open.id);
      assert.equal(state.status, 'open');
      assert.equal(state.reembolsado_em, null);
      assert.equal((await mailsOf(open.id)).length, 0);
    });

    it('cancels an open invoice, tells the member, and then refuses to pay it', async () => {
      const open = await openInvoice();
      const response = await agent.submit(memberPage(open.associado), `/admin/simulacao/faturas/${open.id}/cancelar`, {});
      assert.equal(response.statusCode, 303);
      assert.match(String(response.headers.location), new RegExp(`\\?feito=cancelamento&fatura=${open.id}&email=\\d+$`));
      const state = await invoice(open.id);
      assert.equal(state.status, 'cancelled');
      assert.ok(state.cancelado_em);
      assert.equal(state.pago_em, null);
      const mails = await mailsOf(open.id);
      assert.equal(mails.length, 1);
      assert.equal(mails[0]!.assunto, `Fatura cancelada — ${open.numero}`);
      const page = await agent.get(String(response.headers.location));
      assert.match(page.body, pattern(`Fatura ${open.numero} cancelada; o aviso ao associado foi para a caixa de saída.`));
      assert.match(page.body, /<span class="badge badge-cancelled">cancelada<\/span>/);

      const pay = await agent.submit(memberPage(open.associado), `/admin/simulacao/faturas/${open.id}/pagar`, { forma: 'pix' });
      assert.equal(pay.headers.location, `/admin/simulacao/associados/${open.associado}?recusado=pagar&fatura=${open.id}`);
      assert.match((await agent.get(String(pay.headers.location))).body, /Esta fatura está cancelada e não pode ser paga \(fatura /);
      const after = await invoice(open.id);
      assert.equal(after.status, 'cancelled');
      assert.equal(after.pago_em, null);
      assert.equal(after.nfse_numero, null);
      assert.equal((await mailsOf(open.id)).length, 1);

      const audit = await auditRows('/admin/simulacao/faturas/:id/cancelar', open.associado);
      assert.equal(audit.length, 1);
      assert.equal(audit[0]!.origem, 'admin');
      assert.equal(audit[0]!.detalhe, `cancelamento da fatura ${open.numero}`);
    });
  });

  describe('concurrent payments of the same invoice', () => {
    it('a form submitted twice at once pays once: one NFS-e, one e-mail, and the other request is told', async () => {
      const open = await openInvoice();
      const page = await agent.get(memberPage(open.associado));
      const csrf = csrfOf(page.body);
      const url = `/admin/simulacao/faturas/${open.id}/pagar`;
      const responses = await Promise.all([
        agent.postRaw(url, { _csrf: csrf, forma: 'pix' }),
        agent.postRaw(url, { _csrf: csrf, forma: 'boleto' }),
      ]);
      assert.deepEqual(
        responses.map((response) => response.statusCode),
        [303, 303],
      );
      const locations = responses.map((response) => String(response.headers.location));
      assert.equal(locations.filter((location) => location.includes('feito=pagamento')).length, 1, locations.join(' '));
      assert.equal(locations.filter((location) => location.includes('recusado=pagar')).length, 1, locations.join(' '));
      const state = await invoice(open.id);
      assert.equal(state.status, 'paid');
      assert.ok(state.nfse_numero);
      assert.equal((await mailsOf(open.id)).length, 1);
      const {
        rows: [sequence],
      } = await sql<{ ultimo_numero: number }>`select ultimo_numero from nfse_sequencia where municipio = ${state.nfse_municipio}`.execute(
        db(),
      );
      assert.equal(String(sequence!.ultimo_numero), state.nfse_numero, 'no NFS-e number was spent on the refused request');
    });

    it('two direct payInvoice calls at once: exactly one payment', async () => {
      const open = await openInvoice();
      const results = await Promise.all([
        payInvoice(db(), { faturaId: open.id, forma: 'cartao_credito' }),
        payInvoice(db(), { faturaId: open.id, forma: 'pix' }),
      ]);
      assert.equal(results.filter((result) => result.ok).length, 1);
      const refused = results.find((result) => !result.ok);
      assert.deepEqual(refused, { ok: false, reason: 'not_open', status: 'paid', associado: open.associado, numero: open.numero });
      const state = await invoice(open.id);
      assert.equal(state.status, 'paid');
      assert.equal((await mailsOf(open.id)).length, 1);
      const {
        rows: [count],
      } = await sql<{ n: number }>`
        select count(*)::int as n from fatura where nfse_municipio = ${state.nfse_municipio} and nfse_numero = ${state.nfse_numero}`.execute(
        db(),
      );
      assert.equal(count!.n, 1);
    });
  });

  describe('searching members', () => {
    let member: { matricula: number; nome: string; cpf: string };
    before(async () => {
      member = (await sql<typeof member>`select matricula, nome, cpf from associado where matricula = 42`.execute(db())).rows[0]!;
    });

    const resultLinks = (body: string) =>
      [...body.matchAll(/<td><a href="\/admin\/simulacao\/associados\/(\d+)">\d{6}<\/a><\/td>/g)].map((m) => Number(m[1]));

    it('shows a labelled search form', async () => {
      const page = await agent.get('/admin/simulacao');
      assert.equal(page.statusCode, 200);
      assert.match(
        page.body,
        /<form method="get" action="\/admin\/simulacao" role="search"><label for="q">Matrícula, CPF ou nome do associado<\/label>/,
      );
      assert.match(page.body, /<input id="q" name="q" type="search"/);
      assert.match(page.body, /<a href="\/admin\/simulacao" aria-current="page">Simulação<\/a>/);
    });

    it('finds a member by matricula, with or without leading zeros', async () => {
      for (const q of ['42', '000042']) {
        const page = await agent.get(`/admin/simulacao?q=${q}`);
        assert.equal(page.statusCode, 200);
        assert.deepEqual(resultLinks(page.body), [42], q);
        assert.match(page.body, pattern(member.nome));
        assert.match(page.body, /<th scope="col">Matrícula<\/th>/);
      }
    });

    it('finds a member by CPF, with or without its mask', async () => {
      for (const q of [member.cpf, formatCpf(member.cpf)]) {
        const page = await agent.get(`/admin/simulacao?q=${encodeURIComponent(q)}`);
        assert.equal(page.statusCode, 200);
        assert.deepEqual(resultLinks(page.body), [42], q);
        assert.match(page.body, new RegExp(formatCpf(member.cpf).replace(/\./g, '\\.')));
      }
    });

    it('finds members by part of the name, whatever the case and the accents, names starting with it first', async () => {
      const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
      const { rows: members } = await sql<{ matricula: number; nome: string }>`select matricula, nome from associado`.execute(db());
      const accented = members.find((candidate) => /[áéíóúâêôãõç]/.test(candidate.nome.split(' ').at(-1)!));
      assert.ok(accented, 'the seed has a surname with an accent');
      const q = fold(accented.nome.split(' ').at(-1)!);
      const page = await agent.get(`/admin/simulacao?q=${encodeURIComponent(q)}`);
      assert.equal(page.statusCode, 200);
      const found = [
        ...page.body.matchAll(
          /<tr><td><a href="\/admin\/simulacao\/associados\/(\d+)">\d{6}<\/a><\/td><td><a href="[^"]+">([^<]+)<\/a><\/td>/g,
        ),
      ].map((m) => ({ matricula: Number(m[1]), nome: m[2]!.replace(/&#39;/g, "'").replace(/&amp;/g, '&') }));
      const expected = members.filter((candidate) => fold(candidate.nome).includes(q));
      assert.ok(expected.length <= 50);
      assert.deepEqual(
        found.map((m) => m.matricula).sort((a, b) => a - b),
        expected.map((m) => m.matricula).sort((a, b) => a - b),
      );
      assert.ok(found.some((m) => m.matricula === accented.matricula));
      const starts = found.map((m) => fold(m.nome).startsWith(q));
      assert.deepEqual(
        starts,
        [...starts].sort((a, b) => Number(b) - Number(a)),
        'names starting with the text come first',
      );
    });

    it('asks for at least two characters, and shows at most 50 members', async () => {
      const few = await agent.get('/admin/simulacao?q=a');
      assert.equal(few.statusCode, 400);
      assert.match(few.body, /role="alert">Digite a matrícula, o CPF ou de 2 a 200 letras do nome\./);
      assert.deepEqual(resultLinks((await agent.get('/admin/simulacao?q=7')).body), [7], 'a one-digit matricula is fine');
      const broad = await agent.get('/admin/simulacao?q=an');
      assert.equal(broad.statusCode, 200);
      assert.equal(resultLinks(broad.body).length, 50);
      assert.match(broad.body, /Os 50 primeiros associados encontrados; refine a busca para ver outros\./);
    });

    it('treats LIKE wildcards as plain text, and says when nothing matches', async () => {
      const page = await agent.get(`/admin/simulacao?q=${encodeURIComponent('%_')}`);
      assert.equal(page.statusCode, 200);
      assert.deepEqual(resultLinks(page.body), []);
      assert.match(page.body, /<p>Nenhum associado encontrado\.<\/p>/);
    });

    it('audits a search with the matriculas it showed', async () => {
      const audit = await auditRows('/admin/simulacao', 42);
      assert.ok(audit.length >= 4);
      assert.ok(audit.every((row) => row.origem === 'admin' && row.detalhe.startsWith('busca de associados na simulação')));
    });
  });

  describe('the outbox, page by page', () => {
    it('walks every e-mail newest first, 50 at a time, even when many share the same instant', async () => {
      await sql`insert into email_saida (para, assunto, corpo, criado_em)
        select 'lote' || n || '@exemplo.com.br', 'Aviso em lote ' || n, 'Corpo ' || n, timestamptz '2020-01-01 12:00:00.123456+00'
          from generate_series(1, 120) as n`.execute(db());
      const { rows: expected } = await sql<{ id: number }>`select id from email_saida order by criado_em desc, id desc`.execute(db());
      assert.ok(expected.length > 100);
      const seen: number[] = [];
      let url: string | null = '/admin/caixa-de-saida';
      let pages = 0;
      while (url) {
        const page = await agent.get(url);
        assert.equal(page.statusCode, 200);
        const ids = [...page.body.matchAll(/<a href="\/admin\/caixa-de-saida\/(\d+)">/g)].map((m) => Number(m[1]));
        assert.ok(ids.length <= 50);
        seen.push(...ids);
        url = /<a href="([^"]+)" rel="next">Mais antigos<\/a>/.exec(page.body)?.[1]?.replace(/&amp;/g, '&') ?? null;
        if (url) assert.equal(ids.length, 50);
        if (pages++ > 0) assert.match(page.body, /<a href="\/admin\/caixa-de-saida">Mais recentes<\/a>/);
      }
      assert.deepEqual(
        seen,
        expected.map((row) => row.id),
      );
    });

    it('answers 400 for a malformed page key and 404 for an unknown e-mail', async () => {
      assert.equal((await agent.get('/admin/caixa-de-saida?antes=abc')).statusCode, 400);
      for (const url of ['/admin/caixa-de-saida/999999999', '/admin/caixa-de-saida/abc']) {
        const page = await agent.get(url);
        assert.equal(page.statusCode, 404, url);
        assert.match(page.body, /Página não encontrada/);
      }
    });
  });

  describe('bad requests and protection', () => {
    it('answers 404 for unknown members and invoices, and 400 for an unknown payment method', async () => {
      assert.equal((await agent.get('/admin/simulacao/associados/9999999')).statusCode, 404);
      assert.equal((await agent.get('/admin/simulacao/associados/abc')).statusCode, 404);
      for (const url of [
        '/admin/simulacao/faturas/999999999/pagar',
        '/admin/simulacao/faturas/abc/estornar',
        '/admin/simulacao/faturas/0/cancelar',
      ]) {
        const response = await agent.submit('/admin/simulacao', url, { forma: 'pix' });
        assert.equal(response.statusCode, 404, url);
        assert.match(String(response.headers['content-type']), /^text\/html/);
      }
      const open = await openInvoice();
      const response = await agent.submit('/admin/simulacao', `/admin/simulacao/faturas/${open.id}/pagar`, { forma: 'cheque' });
      assert.equal(response.statusCode, 400);
      assert.match(response.body, /Escolha a forma de pagamento: PIX, boleto bancário ou cartão de crédito\./);
      assert.equal((await invoice(open.id)).status, 'open');
    });

    it('refuses a form without its CSRF token', async () => {
      const open = await openInvoice();
      for (const action of ['pagar', 'cancelar']) {
        const response = await agent.postRaw(`/admin/simulacao/faturas/${open.id}/${action}`, { forma: 'pix' });
        assert.equal(response.statusCode, 403);
        assert.match(response.body, /CSRF/);
      }
      assert.equal((await invoice(open.id)).status, 'open');
    });

    it('sends visitors without a session to the login page, and refuses their forms', async () => {
      const anonymous = new AdminAgent(f.app);
      for (const url of [
        '/admin/simulacao',
        '/admin/simulacao?q=42',
        '/admin/simulacao/associados/42',
        '/admin/caixa-de-saida',
        '/admin/caixa-de-saida/1',
      ]) {
        const response = await anonymous.get(url);
        assert.equal(response.statusCode, 303, url);
        assert.equal(response.headers.location, `/admin/entrar?proximo=${encodeURIComponent(url)}`);
      }
      const open = await openInvoice();
      const response = await anonymous.postRaw(`/admin/simulacao/faturas/${open.id}/pagar`, { forma: 'pix' });
      assert.equal(response.statusCode, 401);
      assert.equal((await invoice(open.id)).status, 'open');
    });
  });
});
