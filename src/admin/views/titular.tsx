import type { ReportGroup, ReportLine } from '../titular-report.js';
import type { Titular } from '../../audit/titular.queries.js';
import { formatCpf } from '../../domain/cpf.js';
import { formatMatricula } from '../../domain/matricula.js';
import { Notice, Page, render, When, type PageContext } from './layout.js';
import { DayInput, describedBy, FieldErrors } from './fields.js';
import { ListTable } from './tables.js';

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
  lines: ReportLine[];
  groups: ReportGroup[];
}

/** What is wrong with each field. */
export type TitularErrors = Partial<Record<keyof TitularForm, string>>;

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

function Report(props: { report: TitularReport; csv: string }) {
  const { report } = props;
  const total = report.lines.reduce((sum, line) => sum + line.count, 0);
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
        <a class="button secondary" href={props.csv} download>
          Exportar CSV
        </a>
        <button type="button" class="secondary" data-print hidden>
          Imprimir
        </button>
      </div>
      {total === 0 ? (
        <p id="nenhum-acesso">Nenhum acesso aos dados deste associado no período.</p>
      ) : (
        <>
          <h3>{`Resumo: ${total.toLocaleString('pt-BR')} ${total === 1 ? 'acesso' : 'acessos'}`}</h3>
          <ListTable
            label="Resumo por integração"
            caption="Por integração e operação"
            columns={['Quem', 'Operação', 'Dados', 'Vezes', 'Primeiro', 'Último']}
          >
            {report.groups.map((group) => (
              <tr key={`${group.who} ${group.operation}`}>
                <td>{group.who}</td>
                <td>{group.operation}</td>
                <td>{group.kinds.join(', ') || '—'}</td>
                <td class="num">{group.count.toLocaleString('pt-BR')}</td>
                <td>
                  <When at={group.first} />
                </td>
                <td>
                  <When at={group.last} />
                </td>
              </tr>
            ))}
          </ListTable>
          <h3>Cada acesso</h3>
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
                <td class="num">{line.count.toLocaleString('pt-BR')}</td>
              </tr>
            ))}
          </ListTable>
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
  csv?: string | undefined;
}): string {
  return render(
    <Page title="Relatório do titular" section="auditoria" context={props.context}>
      <p class="no-print">
        Quem acessou os dados de um associado num período: para responder ao titular que pede a relação das entidades com que seus dados
        foram compartilhados. Abrir ou exportar o relatório fica registrado na auditoria.
      </p>
      <FieldErrors intro="Corrija antes de continuar:" errors={props.errors} />
      <ReportForm form={props.form} errors={props.errors} />
      {props.report && props.csv && <Report report={props.report} csv={props.csv} />}
    </Page>,
  );
}
