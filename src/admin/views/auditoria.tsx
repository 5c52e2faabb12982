import { formatMatricula } from '../../domain/matricula.js';
import type { AuditRow } from '../../audit/audit.queries.js';
import type { TokenHours } from '../../audit/usage.queries.js';
import { HourlyStrip } from './charts.js';
import { Notice, Page, render, When, type PageContext } from './layout.js';
import { DayInput, describedBy, FieldErrors } from './fields.js';
import { ListTable, Pager } from './tables.js';

/** The filters as typed, echoed back into the form. */
export interface AuditFilterForm {
  token: string;
  de: string;
  ate: string;
  matricula: string;
  rota: string;
  status: string;
}

export type AuditFilterField = keyof AuditFilterForm;

/** What is wrong with each filter, and with the page cursor. */
export type AuditFilterErrors = Partial<Record<AuditFilterField | 'antes', string>>;

export const WHO_ADMIN = 'admin';
export const WHO_NO_TOKEN = 'sem-token';

/** Matrículas shown in a row before the rest are summed up; the CSV has them all. */
const SHOWN_MATRICULAS = 5;

export interface AuditPageProps {
  context: PageContext;
  form: AuditFilterForm;
  errors: AuditFilterErrors;
  tokens: { id: number; nome: string; prefixo: string }[];
  rotas: string[];
  rows: AuditRow[];
  /** The newest alerts of the last `alertDays` days, whatever the filters. */
  alerts: AuditRow[];
  alertDays: number;
  /** Every integration's requests per hour over the last 7 days, whatever the filters. */
  overview: { hours: Date[]; tokens: TokenHours[] };
  links: { export: string; older?: string; newest?: string };
}

/** A bad page marker is no field of the form: its message links to the form. */
const FIELD_IDS = { antes: 'filtros' };

const ORIGINS: Record<AuditRow['origem'], string> = { api: 'API', admin: 'Administração', cli: 'Linha de comando', webhook: 'Webhook' };

function Who(props: { row: AuditRow }) {
  const { row } = props;
  if (row.origem === 'admin')
    return row.admin_email ? <span>{row.admin_email}</span> : <span class="muted">administrador não identificado</span>;
  if (row.origem === 'cli') return <span>{row.operador ?? 'operador não identificado'}</span>;
  if (row.token_nome === null) return <span class="muted">sem token válido</span>;
  return (
    <span>
      {row.token_nome} <code>{`${row.token_prefixo ?? ''}…`}</code>
    </span>
  );
}

function Matriculas(props: { matriculas: number[] }) {
  const shown = props.matriculas.slice(0, SHOWN_MATRICULAS).map(formatMatricula);
  const rest = props.matriculas.slice(SHOWN_MATRICULAS).map(formatMatricula);
  if (shown.length === 0) return <span class="muted">—</span>;
  return (
    <span>
      {shown.join(' ')}
      {rest.length > 0 && (
        <>
          {' '}
          <span class="muted" title={rest.join(' ')}>
            {`+${rest.length}`}
            <span class="skip"> outras matrículas (todas no CSV)</span>
          </span>
        </>
      )}
    </span>
  );
}

function FilterForm(props: AuditPageProps) {
  const { form, errors } = props;
  /** Ties a field to its hint and, when it is wrong, to the message that says why. */
  const described = (field: AuditFilterField, hint?: string) => describedBy(errors, field, hint);
  const rotas = form.rota && !props.rotas.includes(form.rota) ? [form.rota, ...props.rotas] : props.rotas;
  return (
    <form method="get" action="/admin/auditoria" id="filtros" role="search" aria-label="Filtros da auditoria">
      <div class="filters">
        <div>
          <label for="token">Quem</label>
          <select id="token" name="token" {...described('token')}>
            <option value="">Todos</option>
            <option value={WHO_ADMIN} selected={form.token === WHO_ADMIN}>
              Administração
            </option>
            <option value={WHO_NO_TOKEN} selected={form.token === WHO_NO_TOKEN}>
              API sem token válido
            </option>
            {props.tokens.map((token) => (
              <option
                key={token.id}
                value={String(token.id)}
                selected={form.token === String(token.id)}
              >{`${token.nome} (${token.prefixo}…)`}</option>
            ))}
          </select>
        </div>
        <div>
          <label for="de">De (DD/MM/AAAA, horário de São Paulo)</label>
          <DayInput name="de" value={form.de} aria={described('de')} />
        </div>
        <div>
          <label for="ate">Até (DD/MM/AAAA, inclusive)</label>
          <DayInput name="ate" value={form.ate} aria={described('ate')} />
        </div>
        <div>
          <label for="matricula">Matrícula do associado</label>
          <p class="hint" id="matricula-dica">
            Só algarismos, com ou sem zeros à esquerda.
          </p>
          <input
            id="matricula"
            name="matricula"
            type="text"
            inputMode="numeric"
            maxLength={20}
            value={form.matricula}
            {...described('matricula', 'matricula-dica')}
          />
        </div>
        <div>
          <label for="rota">Rota</label>
          <select id="rota" name="rota" {...described('rota')}>
            <option value="">Todas</option>
            {rotas.map((rota) => (
              <option key={rota} value={rota} selected={form.rota === rota}>
                {rota}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label for="status">Status HTTP</label>
          <p class="hint" id="status-dica">
            Um código, como 404, ou uma classe, como 4xx.
          </p>
          <input id="status" name="status" type="text" maxLength={10} value={form.status} {...described('status', 'status-dica')} />
        </div>
      </div>
      <div class="actions">
        <button type="submit">Filtrar</button>
        <a class="button secondary" href="/admin/auditoria">
          Limpar filtros
        </a>
        <a class="button secondary" href={props.links.export} download>
          Exportar CSV<span class="skip"> (todos os registros destes filtros)</span>
        </a>
      </div>
    </form>
  );
}

export function auditPage(props: AuditPageProps): string {
  const valid = Object.keys(props.errors).length === 0;
  return render(
    <Page title="Auditoria" section="auditoria" context={props.context}>
      <p>
        Quem acessou os dados de qual associado, e quando. Cada chamada autenticada à API e cada ação na administração fica registrada aqui
        com o token ou administrador responsável, a rota, o resultado e as matrículas dos associados cujos dados foram devolvidos. Horários
        de São Paulo.
      </p>
      <p>
        <a href="/admin/auditoria/titular">Relatório do titular</a>: tudo o que foi acessado dos dados de um associado num período, para
        imprimir ou exportar.
      </p>
      <FieldErrors intro="Corrija os filtros:" errors={props.errors} ids={FIELD_IDS} />
      <Alerts alerts={props.alerts} days={props.alertDays} />
      <Overview {...props.overview} tokens={props.tokens} use={props.overview.tokens} />
      <FilterForm {...props} />
      {valid && <Entries rows={props.rows} links={props.links} />}
    </Page>,
  );
}

/** Events an administrator must notice, such as a token reaching its limit of CPF lookups that find nothing. */
function Alerts(props: { alerts: AuditRow[]; days: number }) {
  if (props.alerts.length === 0) return null;
  return (
    <Notice kind="warning">
      <h2>{`Alertas dos últimos ${props.days} dias`}</h2>
      <ul>
        {props.alerts.map((row) => (
          <li key={row.id} data-alert-id={row.id}>
            <When at={row.ocorrido_em} />
            {' — '}
            <Who row={row} />
            {': '}
            {row.detalhe ?? ''}{' '}
            {row.token_id !== null && <a href={`/admin/auditoria?token=${row.token_id}`}>ver os registros deste token</a>}
          </li>
        ))}
      </ul>
    </Notice>
  );
}

const number = new Intl.NumberFormat('pt-BR');

/** Each integration's requests per hour over 7 days, busiest first, with its totals and a link to its 30 days. */
function Overview(props: { hours: Date[]; tokens: AuditPageProps['tokens']; use: TokenHours[] }) {
  const names = new Map(props.tokens.map((token) => [token.id, token]));
  return (
    <section aria-labelledby="uso-titulo" class="overview">
      <h2 id="uso-titulo">Uso da API nos últimos 7 dias, por integração</h2>
      {props.use.length === 0 ? (
        <p class="muted">Nenhuma requisição com token nos últimos 7 dias.</p>
      ) : (
        <>
          <p class="hint">
            Requisições por hora, cada integração na sua escala (a hora de mais uso ocupa a altura toda); as linhas verticais marcam a
            meia-noite.
          </p>
          <ul class="strips">
            {props.use.map((use) => {
              const token = names.get(use.tokenId);
              const label = token ? `${token.nome} (${token.prefixo}…)` : `token ${use.tokenId}`;
              return (
                <li key={use.tokenId}>
                  <span class="strip-name">
                    <a href={`/admin/integracoes/${use.tokenId}/uso`}>{label}</a>
                    <span class="hint">
                      {`${number.format(use.requisicoes)} req., ${number.format(use.erros)} erros, ${number.format(use.recusadas)} com 429`}
                    </span>
                  </span>
                  <HourlyStrip label={label} hours={props.hours} use={use} />
                </li>
              );
            })}
          </ul>
        </>
      )}
    </section>
  );
}

const COLUMNS = [
  'Quando',
  'Origem',
  'Quem',
  'Requisição',
  'Status',
  'Vezes',
  'Matrículas',
  'Request id',
  'Request id do cliente',
  'IP',
  'Detalhe',
];

/** A route that may wrap before each `/`, so that the table fits a laptop's screen. */
function Path(props: { path: string }) {
  const parts = props.path.split('/');
  return <>{parts.map((part, index) => (index === 0 ? part : [<wbr key={index} />, `/${part}`]))}</>;
}

function Entries(props: { rows: AuditRow[]; links: AuditPageProps['links'] }) {
  const pager = <Pager newest={props.links.newest} older={props.links.older} />;
  if (props.rows.length === 0)
    return (
      <>
        <p class="muted">Nenhum registro com estes filtros.</p>
        {pager}
      </>
    );
  return (
    <>
      <ListTable
        label="Registros da auditoria"
        caption={`${props.rows.length} registro(s) nesta página, do mais recente ao mais antigo`}
        columns={COLUMNS}
      >
        {props.rows.map((row) => (
          <tr key={row.id} data-audit-id={row.id} class={row.alerta ? 'alert' : undefined}>
            <td>
              <When at={row.ocorrido_em} />
            </td>
            <td>{ORIGINS[row.origem]}</td>
            <td>
              <Who row={row} />
            </td>
            <td>
              <code>
                {row.metodo} <Path path={row.rota} />
              </code>
            </td>
            <td class="num">{row.status}</td>
            <td
              class="num"
              title={row.quantidade > 1 ? 'Recusas deste minuto, deste endereço ou token; o request id é o da primeira' : undefined}
            >
              {row.quantidade}
            </td>
            <td>
              <Matriculas matriculas={row.matriculas} />
            </td>
            <td class="request-id">
              <code>{row.request_id}</code>
            </td>
            <td class="request-id-cliente">
              {row.request_id_cliente === null ? <span class="muted">—</span> : <code>{row.request_id_cliente}</code>}
            </td>
            <td>{row.ip ?? <span class="muted">—</span>}</td>
            <td>{row.detalhe ?? ''}</td>
          </tr>
        ))}
      </ListTable>
      {pager}
    </>
  );
}
