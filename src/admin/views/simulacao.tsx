import { formatCpf } from '../../domain/cpf.js';
import { FORMAS_PAGAMENTO, type FormaPagamento, type StoredInvoiceStatus } from '../../domain/enums.js';
import { FORMA_LABELS } from '../../simulation/payments.js';
import { Notice, Page, PostForm, TableScroll, When, formatMoney, render, type PageContext } from './layout.js';

export interface MemberSearchRow {
  matricula: number;
  nome: string;
  cpf: string;
  categoria_nome: string;
  status: string;
  regional: string;
}

export interface MemberSummary extends MemberSearchRow {
  email: string;
  regional_nome: string;
  adimplente: boolean;
}

export interface InvoiceRow {
  id: number;
  numero: string;
  kind: string;
  descricao: string;
  valor: string;
  vencimento: string;
  status: StoredInvoiceStatus;
  pago_em: Date | null;
  valor_pago: string | null;
  forma_pagamento: FormaPagamento | null;
  nfse_numero: string | null;
  nfse_codigo_verificacao: string | null;
  nfse_municipio: string | null;
  cancelado_em: Date | null;
  reembolsado_em: Date | null;
}

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
        <TableScroll label="Associados encontrados">
          <table>
            <caption class="muted">
              {results.length > props.limit
                ? `Os ${props.limit} primeiros associados encontrados; refine a busca para ver outros.`
                : `${results.length} associado(s) encontrado(s)`}
            </caption>
            <thead>
              <tr>
                <th scope="col">Matrícula</th>
                <th scope="col">Nome</th>
                <th scope="col">CPF</th>
                <th scope="col">Categoria</th>
                <th scope="col">Situação</th>
                <th scope="col">Regional</th>
              </tr>
            </thead>
            <tbody>
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
            </tbody>
          </table>
        </TableScroll>
      )}
    </Page>,
  );
}

/** Which invoice a button acts on, for screen readers: the table row gives it only visually. */
function Which(props: { numero: string }) {
  return <span class="skip">{` a fatura ${props.numero}`}</span>;
}

function InvoiceActions(props: { invoice: InvoiceRow; csrfToken: string }) {
  const { invoice } = props;
  if (invoice.status === 'paid') {
    return (
      <PostForm action={`/admin/simulacao/faturas/${invoice.id}/estornar`} csrfToken={props.csrfToken}>
        <button type="submit" class="secondary">
          Estornar
          <Which numero={invoice.numero} />
        </button>
      </PostForm>
    );
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
      <PostForm action={`/admin/simulacao/faturas/${invoice.id}/cancelar`} csrfToken={props.csrfToken}>
        <button type="submit" class="danger">
          Cancelar
          <Which numero={invoice.numero} />
        </button>
      </PostForm>
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
          <tr>
            <th scope="row">Matrícula</th>
            <td>{matriculaText(member.matricula)}</td>
          </tr>
          <tr>
            <th scope="row">CPF</th>
            <td>{formatCpf(member.cpf)}</td>
          </tr>
          <tr>
            <th scope="row">Categoria</th>
            <td>{member.categoria_nome}</td>
          </tr>
          <tr>
            <th scope="row">Situação</th>
            <td>{member.status}</td>
          </tr>
          <tr>
            <th scope="row">Regional</th>
            <td>{`${member.regional} — ${member.regional_nome}`}</td>
          </tr>
          <tr>
            <th scope="row">E-mail dos recibos</th>
            <td>{member.email}</td>
          </tr>
          <tr>
            <th scope="row">Adimplente</th>
            <td id="adimplente">{member.adimplente ? 'Sim' : 'Não: há anuidade vencida em aberto'}</td>
          </tr>
        </tbody>
      </table>
      <h2>Faturas</h2>
      {props.invoices.length === 0 ? (
        <p class="muted">Nenhuma fatura.</p>
      ) : (
        <TableScroll label="Faturas do associado">
          <table>
            <caption class="muted">{`${props.invoices.length} fatura(s), da mais recente à mais antiga`}</caption>
            <thead>
              <tr>
                <th scope="col">Número</th>
                <th scope="col">Tipo</th>
                <th scope="col">Descrição</th>
                <th scope="col">Valor</th>
                <th scope="col">Vencimento</th>
                <th scope="col">Situação</th>
                <th scope="col">Pagamento</th>
                <th scope="col">NFS-e</th>
                <th scope="col">Ações</th>
              </tr>
            </thead>
            <tbody>
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
            </tbody>
          </table>
        </TableScroll>
      )}
    </Page>,
  );
}
