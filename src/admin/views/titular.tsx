import type { ReportGroup, ReportLine, ReportSummary } from '../titular-report.js';
import type { Titular } from '../../audit/titular.queries.js';
import { formatCpf } from '../../domain/cpf.js';
import { formatMatricula } from '../../domain/matricula.js';
import { Notice, Page, render, When, type PageContext } from './layout.js';
import { DayInput, describedBy, FieldErrors } from './fields.js';
import { ListTable } from './tables.js';

/** Lines of the detail a page shows at most (the route reads this many). */
export const TITULAR_PAGE_LINES = 200;

/** The form as typed, echoed back. */
export interface TitularForm {
  associado: string;
  de: string;
  ate: string;
}

export interface TitularReport {
  /** ASSOCIATION_NAME; unset in production until configured. */
  association: string | undefined;
  titular: Titular;
  period: string;
  generatedBy: string;
  generatedAt: Date;
  /** Undefined when the database could not count in time. */
  summary: ReportSummary | undefined;
  /** One page of the detail, oldest first. */
  lines: ReportLine[];
  /** Whether pages come before this one, and the link to the next. */
  page: { continued: boolean; next: string | undefined };
}

/** What is wrong with each field, or with the page's cursor. */
export type TitularErrors = Partial<Record<keyof TitularForm | 'depois', string>>;

/** `2026-03` as it reads: `03/2026`. */
const monthText = (month: string) => `${month.slice(5, 7)}/${month.slice(0, 4)}`;
const count = (n: number) => n.toLocaleString('pt-BR');

function GroupCells(props: { group: ReportGroup }) {
  const { group } = props;
  return (
    <>
      <td>{group.who}</td>
      <td>{group.operation}</td>
      <td>{group.kinds.join(', ') || '—'}</td>
      <td class="num">{count(group.count)}</td>
      <td>
        <When at={group.first} />
      </td>
      <td>
        <When at={group.last} />
      </td>
    </>
  );
}

/** A day of the period, with its hint. */
function DayField(props: { field: 'de' | 'ate'; label: string; hint: string; form: TitularForm; errors: TitularErrors }) {
  const hint = `${props.field}-dica`;
  return (
    <div>
      <label for={props.field}>{props.label}</label>
      <p class="hint" id={hint}>
        {props.hint}
      </p>
      <DayInput name={props.field} value={props.form[props.field]} aria={describedBy(props.errors, props.field, hint)} />
    </div>
  );
}

function ReportForm(props: { form: TitularForm; errors: TitularErrors }) {
  const { form, errors } = props;
  return (
    <form method="get" action="/admin/auditoria/titular" class="no-print" role="search" aria-label="Associado e período">
      <div class="filters">
        <div>
          <label for="associado">Matrícula ou CPF do associado</label>
          <p class="hint" id="associado-dica">
            Por exemplo 004217 ou 123.456.789-09.
          </p>
          <input
            id="associado"
            name="associado"
            type="text"
            required
            maxLength={20}
            value={form.associado}
            {...describedBy(errors, 'associado', 'associado-dica')}
          />
        </div>
        <DayField field="de" label="De (DD/MM/AAAA, opcional)" hint="Em branco: desde o início da auditoria." form={form} errors={errors} />
        <DayField field="ate" label="Até (DD/MM/AAAA, inclusive)" hint="Em branco: até hoje." form={form} errors={errors} />
      </div>
      <div class="actions">
        <button type="submit">Gerar relatório</button>
        <a class="button secondary" href="/admin/auditoria">
          Voltar à auditoria
        </a>
      </div>
    </form>
  );
}

/** The detail: one page of the member's entries, oldest first, and the links to the first and the next. */
function Detail(props: { report: TitularReport; links: { csv: string; first: string } }) {
  const { report } = props;
  const { summary, page } = report;
  return (
    <>
      <h3 id="cada-acesso">Cada acesso</h3>
      <p>
        {summary && summary.entries <= report.lines.length && !page.continued
          ? `${count(summary.entries)} ${summary.entries === 1 ? 'registro' : 'registros'} da trilha, do mais antigo ao mais recente.`
          : `${summary ? `${count(summary.entries)} registros` : 'Os registros'} da trilha, do mais antigo ao mais recente, em páginas de até ${count(TITULAR_PAGE_LINES)}; o CSV tem todos.`}
      </p>
      <ListTable
        label="Cada acesso"
        caption="Do mais antigo ao mais recente"
        columns={['Quando', 'Quem', 'Operação', 'Dados', 'Status', 'Vezes']}
      >
        {report.lines.map((line, index) => (
          <tr key={index} data-acesso="">
            <td>
              <When at={line.at} />
            </td>
            <td>{line.who}</td>
            <td>{line.operation}</td>
            <td>{line.kinds.join(', ') || '—'}</td>
            <td class="num">{String(line.status)}</td>
            <td class="num">{count(line.count)}</td>
          </tr>
        ))}
      </ListTable>
      {(page.continued || page.next) && (
        <nav class="pager no-print" aria-label="Páginas">
          {page.continued && <a href={`${props.links.first}#cada-acesso`}>Do início</a>}
          {page.next && (
            <a href={`${page.next}#cada-acesso`} rel="next">
              Seguintes
            </a>
          )}
        </nav>
      )}
    </>
  );
}

function Report(props: { report: TitularReport; links: { csv: string; first: string } }) {
  const { report } = props;
  const { summary } = report;
  return (
    <section aria-labelledby="relatorio">
      <h2 id="relatorio">Relatório de acessos aos dados do titular</h2>
      {report.association === undefined && (
        <Notice kind="warning">
          <p>
            O nome da associação não está configurado: defina <code>ASSOCIATION_NAME</code> para que ele saia no relatório.
          </p>
        </Notice>
      )}
      <dl class="facts">
        <dt>Associação</dt>
        <dd>{report.association ?? 'não configurada'}</dd>
        <dt>Titular</dt>
        <dd>{`${report.titular.nome}, matrícula ${formatMatricula(report.titular.matricula)}, CPF ${formatCpf(report.titular.cpf)}`}</dd>
        <dt>Período</dt>
        <dd>{`${report.period} (horário de São Paulo)`}</dd>
        <dt>Gerado por</dt>
        <dd>
          {`${report.generatedBy}, em `}
          <When at={report.generatedAt} />
        </dd>
      </dl>
      <p>
        Cada consulta à API, cada entrega de webhook e cada tela da administração que mostrou dados deste associado, como registradas na
        trilha de auditoria (LGPD, art. 18, VII, e art. 19). Integrações são sistemas autorizados pela associação por meio de um token.
      </p>
      <div class="actions no-print">
        <a class="button secondary" href={props.links.csv} download>
          Exportar CSV
        </a>
        <button type="button" class="secondary" data-print hidden>
          Imprimir
        </button>
      </div>
      {summary === undefined ? (
        <>
          <Notice kind="warning">
            <p id="resumo-indisponivel">
              Este associado tem acessos demais para que o resumo seja contado a tempo. Cada acesso está abaixo, página a página, e no CSV.
            </p>
          </Notice>
          <Detail report={report} links={props.links} />
        </>
      ) : summary.total === 0 ? (
        <p id="nenhum-acesso">Nenhum acesso aos dados deste associado no período.</p>
      ) : (
        <>
          <h3>{`Resumo: ${count(summary.total)} ${summary.total === 1 ? 'acesso' : 'acessos'}`}</h3>
          <ListTable
            label="Resumo por integração"
            caption="Por integração e operação"
            columns={['Quem', 'Operação', 'Dados', 'Vezes', 'Primeiro', 'Último']}
          >
            {summary.groups.map((group) => (
              <tr key={`${group.who} ${group.operation}`} data-resumo="">
                <GroupCells group={group} />
              </tr>
            ))}
          </ListTable>
          <ListTable
            label="Resumo por mês"
            caption="Por mês (horário de São Paulo), integração e operação"
            columns={['Mês', 'Quem', 'Operação', 'Dados', 'Vezes', 'Primeiro', 'Último']}
          >
            {summary.months.flatMap(({ month, groups }) =>
              groups.map((group) => (
                <tr key={`${month} ${group.who} ${group.operation}`} data-mes={month}>
                  <td>{monthText(month)}</td>
                  <GroupCells group={group} />
                </tr>
              )),
            )}
          </ListTable>
          <Detail report={report} links={props.links} />
        </>
      )}
    </section>
  );
}

export function titularPage(props: {
  context: PageContext;
  form: TitularForm;
  errors: TitularErrors;
  report?: TitularReport | undefined;
  links?: { csv: string; first: string } | undefined;
}): string {
  return render(
    <Page title="Relatório do titular" section="auditoria" context={props.context}>
      <p class="no-print">
        Quem acessou os dados de um associado num período: para responder ao titular que pede a relação das entidades com que seus dados
        foram compartilhados. Abrir ou exportar o relatório fica registrado na auditoria.
      </p>
      <FieldErrors intro="Corrija antes de continuar:" errors={props.errors} />
      <ReportForm form={props.form} errors={props.errors} />
      {props.report && props.links && <Report report={props.report} links={props.links} />}
    </Page>,
  );
}
