import { formatCpf } from '../../domain/cpf.js';
import { FORMAS_PAGAMENTO } from '../../domain/enums.js';
import { FORMA_LABELS } from '../../simulation/payments.js';
import type { InvoiceRow, MemberSearchRow, MemberSummary } from '../simulacao.queries.js';
import { Notice, Page, PostForm, When, formatMoney, render, type PageContext } from './layout.js';
import { DetailRow, ListTable } from './tables.js';

export interface PageNotice {
  kind: 'ok' | 'error';
  text: string;
  link?: { href: string; label: string };
}

const KIND_LABELS: Record<string, string> = { anuidade: 'Anuidade', inscricao: 'Inscrição', taxa_prova: 'Taxa de prova' };
const STATUS_LABELS: Record<string, string> = {
  open: 'em aberto',
  overdue: 'vencida',
  paid: 'paga',
  cancelled: 'cancelada',
  refunded: 'estornada',
};

export function matriculaText(matricula: number): string {
  return String(matricula).padStart(6, '0');
}

function brazilianDate(date: string): string {
  return `${date.slice(8, 10)}/${date.slice(5, 7)}/${date.slice(0, 4)}`;
}

function PageNoticeBox(props: { notice: PageNotice | undefined }) {
  if (!props.notice) return null;
  return (
    <Notice kind={props.notice.kind}>
      {props.notice.text}
      {props.notice.link && (
        <>
          {' '}
          <a href={props.notice.link.href}>{props.notice.link.label}</a>
        </>
      )}
    </Notice>
  );
}

export function searchPage(props: { context: PageContext; q: string; results?: MemberSearchRow[]; limit: number; error?: string }): string {
  const results = props.results;
  return render(
    <Page title="Simulação" section="simulacao" context={props.context}>
      <p>
        Pagamentos, estornos e cancelamentos simulados das faturas de um associado. Cada pagamento emite uma NFS-e simulada e deixa o recibo
        na <a href="/admin/caixa-de-saida">caixa de saída</a>; nada sai do sistema.
      </p>
      <form method="get" action="/admin/simulacao" role="search">
        <label for="q">Matrícula, CPF ou nome do associado</label>
        <p class="hint" id="q-dica">
          Por exemplo 000123, 123.456.789-09 ou parte do nome.
        </p>
        <input id="q" name="q" type="search" maxLength={200} value={props.q} aria-describedby="q-dica" />
        <div class="actions">
          <button type="submit">Buscar</button>
        </div>
      </form>
      {props.error && <Notice kind="error">{props.error}</Notice>}
      {results && results.length === 0 && <p>Nenhum associado encontrado.</p>}
      {results && results.length > 0 && (
        <ListTable
          label="Associados encontrados"
          caption={
            results.length > props.limit
              ? `Os ${props.limit} primeiros associados encontrados; refine a busca para ver outros.`
              : `${results.length} associado(s) encontrado(s)`
          }
          columns={['Matrícula', 'Nome', 'CPF', 'Categoria', 'Situação', 'Regional']}
        >
          {results.slice(0, props.limit).map((member) => (
            <tr key={member.matricula}>
              <td>
                <a href={`/admin/simulacao/associados/${member.matricula}`}>{matriculaText(member.matricula)}</a>
              </td>
              <td>
                <a href={`/admin/simulacao/associados/${member.matricula}`}>{member.nome}</a>
              </td>
              <td>{formatCpf(member.cpf)}</td>
              <td>{member.categoria_nome}</td>
              <td>{member.status}</td>
              <td>{member.regional}</td>
            </tr>
          ))}
        </ListTable>
      )}
    </Page>,
  );
}

/** Which invoice a button acts on, for screen readers: the table row gives it only visually. */
function Which(props: { numero: string }) {
  return <span class="skip">{` a fatura ${props.numero}`}</span>;
}

/** A form of one button that asks for `action` on the invoice. */
function ActionButton(props: { invoice: InvoiceRow; action: 'estornar' | 'cancelar'; label: string; class: string; csrfToken: string }) {
  return (
    <PostForm action={`/admin/simulacao/faturas/${props.invoice.id}/${props.action}`} csrfToken={props.csrfToken}>
      <button type="submit" class={props.class}>
        {props.label}
        <Which numero={props.invoice.numero} />
      </button>
    </PostForm>
  );
}

function InvoiceActions(props: { invoice: InvoiceRow; csrfToken: string }) {
  const { invoice } = props;
  if (invoice.status === 'paid') {
    return <ActionButton invoice={invoice} action="estornar" label="Estornar" class="secondary" csrfToken={props.csrfToken} />;
  }
  if (invoice.status !== 'open') return <span class="muted">—</span>;
  return (
    <>
      <PostForm action={`/admin/simulacao/faturas/${invoice.id}/pagar`} csrfToken={props.csrfToken}>
        <label for={`forma-${invoice.id}`}>
          Forma de pagamento<span class="skip">{` da fatura ${invoice.numero}`}</span>
        </label>
        <select id={`forma-${invoice.id}`} name="forma">
          {FORMAS_PAGAMENTO.map((forma) => (
            <option key={forma} value={forma}>
              {FORMA_LABELS[forma]}
            </option>
          ))}
        </select>
        <div class="actions">
          <button type="submit">
            Pagar
            <Which numero={invoice.numero} />
          </button>
        </div>
      </PostForm>
      <ActionButton invoice={invoice} action="cancelar" label="Cancelar" class="danger" csrfToken={props.csrfToken} />
    </>
  );
}

export function memberPage(props: {
  context: PageContext;
  member: MemberSummary;
  invoices: InvoiceRow[];
  today: string;
  notice?: PageNotice;
}): string {
  const { member } = props;
  return render(
    <Page title={member.nome} section="simulacao" context={props.context}>
      <p>
        <a href="/admin/simulacao">Voltar à busca</a>
      </p>
      <PageNoticeBox notice={props.notice} />
      <table>
        <caption class="muted">Dados do associado</caption>
        <tbody>
          <DetailRow label="Matrícula">{matriculaText(member.matricula)}</DetailRow>
          <DetailRow label="CPF">{formatCpf(member.cpf)}</DetailRow>
          <DetailRow label="Categoria">{member.categoria_nome}</DetailRow>
          <DetailRow label="Situação">{member.status}</DetailRow>
          <DetailRow label="Regional">{`${member.regional} — ${member.regional_nome}`}</DetailRow>
          <DetailRow label="E-mail dos recibos">{member.email}</DetailRow>
          <DetailRow label="Adimplente" id="adimplente">
            {member.adimplente ? 'Sim' : 'Não: há anuidade vencida em aberto'}
          </DetailRow>
        </tbody>
      </table>
      <h2>Faturas</h2>
      {props.invoices.length === 0 ? (
        <p class="muted">Nenhuma fatura.</p>
      ) : (
        <ListTable
          label="Faturas do associado"
          caption={`${props.invoices.length} fatura(s), da mais recente à mais antiga`}
          columns={['Número', 'Tipo', 'Descrição', 'Valor', 'Vencimento', 'Situação', 'Pagamento', 'NFS-e', 'Ações']}
        >
          {props.invoices.map((invoice) => {
            const shown = invoice.status === 'open' && invoice.vencimento < props.today ? 'overdue' : invoice.status;
            return (
              <tr key={invoice.id} id={`fatura-${invoice.id}`}>
                <td>{invoice.numero}</td>
                <td>{KIND_LABELS[invoice.kind] ?? invoice.kind}</td>
                <td>{invoice.descricao}</td>
                <td class="num">{formatMoney(invoice.valor)}</td>
                <td>{brazilianDate(invoice.vencimento)}</td>
                <td>
                  <span class={`badge badge-${shown}`}>{STATUS_LABELS[shown] ?? shown}</span>
                  {invoice.cancelado_em && (
                    <div class="hint">
                      <When at={invoice.cancelado_em} />
                    </div>
                  )}
                  {invoice.reembolsado_em && (
                    <div class="hint">
                      <When at={invoice.reembolsado_em} />
                    </div>
                  )}
                </td>
                <td>
                  {invoice.pago_em ? (
                    <>
                      <When at={invoice.pago_em} />
                      <div class="hint">{`${invoice.forma_pagamento ? FORMA_LABELS[invoice.forma_pagamento] : ''}, ${formatMoney(invoice.valor_pago!)}`}</div>
                    </>
                  ) : (
                    <span class="muted">—</span>
                  )}
                </td>
                <td>
                  {invoice.nfse_numero ? (
                    <>
                      {`nº ${invoice.nfse_numero}`}
                      <div class="hint">{`código ${invoice.nfse_codigo_verificacao}`}</div>
                      <div class="hint">{invoice.nfse_municipio}</div>
                    </>
                  ) : (
                    <span class="muted">—</span>
                  )}
                </td>
                <td>
                  <InvoiceActions invoice={invoice} csrfToken={props.context.csrfToken} />
                </td>
              </tr>
            );
          })}
        </ListTable>
      )}
    </Page>,
  );
}
