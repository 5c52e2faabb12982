import type { ComponentChildren } from 'preact';
import { suggestLimits, type DefaultLimits, type SuggestedLimits } from '../../audit/limit-suggestion.js';
import { USE_DAYS, type TokenUsePeaks } from '../../audit/token-use.queries.js';
import { TOKEN_USE_DAYS, type DayUse, type OperationUse } from '../../audit/usage.queries.js';
import { UF_INFO, UFS } from '../../domain/uf.js';
import { SCOPES, type Scope } from '../../tokens/scopes.js';
import { deprecatedSince, EXPIRY_WARNING_DAYS } from '../../tokens/token-expiry.js';
import { MAX_TOKEN_LIMIT, type listTokens } from '../../tokens/tokens.queries.js';
import { DailyUseChart } from './charts.js';
import { Notice, Page, PostForm, When, render, type PageContext } from './layout.js';
import { ListTable } from './tables.js';

export type TokenRow = Awaited<ReturnType<typeof listTokens>>[number];

const number = new Intl.NumberFormat('pt-BR');
const dayMonth = new Intl.DateTimeFormat('pt-BR', { day: '2-digit', month: '2-digit', timeZone: 'America/Sao_Paulo' });
const hourMinute = new Intl.DateTimeFormat('pt-BR', { hour: '2-digit', minute: '2-digit', timeZone: 'America/Sao_Paulo' });

/** "29/11 10:02", São Paulo time. */
function minuteText(at: Date): string {
  return `${dayMonth.format(at)} ${hourMinute.format(at)}`;
}

function rateLimitText(token: TokenRow, defaults: DefaultLimits): string {
  return token.limite_por_minuto === null
    ? `${number.format(defaults.rateLimit)} req/min (padrão do serviço)`
    : `${number.format(token.limite_por_minuto)} req/min`;
}

function concurrencyText(token: TokenRow, defaults: DefaultLimits): string {
  return token.limite_simultaneas === null
    ? `${number.format(defaults.concurrency)} simultâneas (padrão do serviço)`
    : `${number.format(token.limite_simultaneas)} simultâneas`;
}

function cpfLimitText(token: TokenRow, defaults: DefaultLimits): string {
  const { limite_cpf_sem_resultado_minuto: minute, limite_cpf_sem_resultado_dia: day } = token;
  const perMinute = number.format(minute ?? defaults.cpfMisses.perMinute);
  const perDay = number.format(day ?? defaults.cpfMisses.perDay);
  if (minute === null && day === null) return `${perMinute} CPFs sem resultado por minuto, ${perDay} por dia (padrão)`;
  return `${perMinute} CPFs sem resultado por minuto${minute === null ? ' (padrão)' : ''}, ${perDay} por dia${day === null ? ' (padrão)' : ''}`;
}

export const LIFETIMES = [
  { value: '30d', label: '30 dias', seconds: 30 * 86400 },
  { value: '90d', label: '90 dias', seconds: 90 * 86400 },
  { value: '1y', label: '1 ano', seconds: 365 * 86400 },
  { value: '2y', label: '2 anos', seconds: 2 * 365 * 86400 },
] as const;

export const GRACE_PERIODS = [
  { value: '0', label: 'Imediatamente', seconds: 0 },
  { value: '1h', label: '1 hora', seconds: 3600 },
  { value: '24h', label: '24 horas', seconds: 86400 },
  { value: '7d', label: '7 dias', seconds: 7 * 86400 },
] as const;

type TokenState = 'revogado' | 'expirado' | 'carencia' | 'expirando' | 'ativo';

const STATE_LABELS: Record<TokenState, string> = {
  revogado: 'revogado',
  expirado: 'expirado',
  carencia: 'em carência',
  expirando: 'expira em breve',
  ativo: 'ativo',
};

/** The API warns the integrator of a token in grace or expiring soon (Deprecation/Sunset); the list says the same. */
function status(token: TokenRow, now: Date): TokenState {
  if (token.revogado_em) return 'revogado';
  if (token.expira_em <= now) return 'expirado';
  if (token.rotacionado_em) return 'carencia';
  return deprecatedSince({ criadoEm: token.criado_em, expiraEm: token.expira_em, rotacionadoEm: token.rotacionado_em }, now)
    ? 'expirando'
    : 'ativo';
}

function timeLeft(token: TokenRow, now: Date): string {
  const days = Math.floor((token.expira_em.getTime() - now.getTime()) / 86_400_000);
  return days === 0 ? 'falta menos de 1 dia' : days === 1 ? 'falta 1 dia' : `faltam ${days} dias`;
}

/** How a token is told apart from others of the same name. */
function Prefix(props: { token: TokenRow }) {
  return <code>{`${props.token.prefixo}…`}</code>;
}

/** Back to the list without submitting the form. */
function CancelLink() {
  return (
    <a class="button secondary" href="/admin/integracoes">
      Cancelar
    </a>
  );
}

function SubmitOrCancel(props: { label: string }) {
  return (
    <div class="actions">
      <button type="submit">{props.label}</button>
      <CancelLink />
    </div>
  );
}

export function tokenListPage(props: { context: PageContext; tokens: TokenRow[]; defaults: DefaultLimits; notice?: string }): string {
  const now = new Date();
  const states = new Map(props.tokens.map((token) => [token.id, status(token, now)]));
  const ending = [...states.values()].filter((state) => state === 'carencia' || state === 'expirando').length;
  return render(
    <Page title="Integrações" section="integracoes" context={props.context}>
      <p>Tokens de acesso dos sistemas que consultam a API (site, provas, ERP). O token só é mostrado uma vez, ao ser criado.</p>
      {props.notice && <Notice kind="ok">{props.notice}</Notice>}
      {ending > 0 && (
        <Notice kind="warning">
          {`${ending} token(s) em carência de rotação ou expirando em até ${EXPIRY_WARNING_DAYS} dias, destacados abaixo. ` +
            'A API já avisa as integrações (cabeçalhos Deprecation e Sunset); rotacione os que ainda estão em uso.'}
        </Notice>
      )}
      <div class="actions">
        <a class="button" href="/admin/integracoes/nova">
          Nova integração
        </a>
      </div>
      {props.tokens.length === 0 ? (
        <p class="muted">Nenhum token emitido ainda.</p>
      ) : (
        <ListTable
          label="Tokens"
          caption={`${props.tokens.length} token(s)`}
          columns={['Nome', 'Escopos', 'Limites', 'Prefixo', 'Criado por / em', 'Expira', 'Último uso', 'Situação', 'Ações']}
        >
          {props.tokens.map((token) => {
            const state = states.get(token.id)!;
            const warned = state === 'carencia' || state === 'expirando';
            return (
              <tr key={token.id} id={`token-${token.id}`} data-token-id={token.id} class={warned ? 'alert' : undefined}>
                <td>
                  {token.nome}
                  {token.regional && <div class="hint">Regional {token.regional}</div>}
                </td>
                <td>
                  {token.scopes.map((scope) => (
                    <div key={scope}>
                      <code>{scope}</code>
                    </div>
                  ))}
                </td>
                <td>
                  <div>{rateLimitText(token, props.defaults)}</div>
                  <div>{concurrencyText(token, props.defaults)}</div>
                  <div class="hint">{cpfLimitText(token, props.defaults)}</div>
                </td>
                <td>
                  <Prefix token={token} />
                </td>
                <td>
                  {token.criado_por}
                  <div class="hint">
                    <When at={token.criado_em} />
                  </div>
                </td>
                <td>
                  <When at={token.expira_em} />
                </td>
                <td>
                  <When at={token.ultimo_uso_em} empty="nunca" />
                </td>
                <td>
                  <span class={`badge badge-${state}`}>{STATE_LABELS[state]}</span>
                  {token.revogado_em && (
                    <div class="hint">
                      <When at={token.revogado_em} />
                    </div>
                  )}
                  {state === 'carencia' && (
                    <div class="hint">
                      {'rotacionado em '}
                      <When at={token.rotacionado_em} />
                    </div>
                  )}
                  {state === 'expirando' && <div class="hint">{timeLeft(token, now)}</div>}
                </td>
                <td>
                  <span class="actions">
                    <a href={`/admin/integracoes/${token.id}/uso`}>
                      Uso<span class="skip">{` de ${token.nome}`}</span>
                    </a>
                    <a href={`/admin/integracoes/${token.id}/webhooks`}>
                      Webhooks<span class="skip">{` de ${token.nome}`}</span>
                    </a>
                  </span>
                  {state !== 'revogado' && state !== 'expirado' && (
                    <span class="actions">
                      <a href={`/admin/integracoes/${token.id}/limites`}>
                        Limites<span class="skip">{` de ${token.nome}`}</span>
                      </a>
                      {state !== 'carencia' && (
                        <a href={`/admin/integracoes/${token.id}/rotacionar`}>
                          Rotacionar<span class="skip">{` ${token.nome}`}</span>
                        </a>
                      )}
                      <a href={`/admin/integracoes/${token.id}/revogar`}>
                        Revogar<span class="skip">{` ${token.nome}`}</span>
                      </a>
                    </span>
                  )}
                </td>
              </tr>
            );
          })}
        </ListTable>
      )}
    </Page>,
  );
}

/** A token's limits as typed in a form: blank keeps the service's default. */
export interface LimitsForm {
  limite: string;
  limiteSimultaneas: string;
  limiteCpfMinuto: string;
  limiteCpfDia: string;
}

export interface TokenForm extends LimitsForm {
  nome: string;
  scopes: Scope[];
  validade: string;
  regional: string;
}

/** What is wrong with a posted form, one item a line. */
export function FormErrors(props: { errors: string[] | undefined }) {
  if (!props.errors || props.errors.length === 0) return null;
  return (
    <Notice kind="error">
      <p>Corrija antes de continuar:</p>
      <ul>
        {props.errors.map((error) => (
          <li key={error}>{error}</li>
        ))}
      </ul>
    </Notice>
  );
}

/** A limit's field; `standard` is the service's default, which a blank field keeps. */
function LimitField(props: { name: string; label: string; value: string; standard: string; suggestion: number | undefined }) {
  const hint = `${props.name}-dica`;
  return (
    <>
      <label for={props.name}>{props.label}</label>
      <p class="hint" id={hint}>
        {`Em branco, vale o padrão do serviço: ${props.standard}.`}
        {props.suggestion !== undefined && ` Sugestão pelo uso dos últimos ${USE_DAYS} dias: ${number.format(props.suggestion)}.`}
      </p>
      <input id={props.name} name={props.name} type="number" min={1} max={MAX_TOKEN_LIMIT} value={props.value} aria-describedby={hint} />
    </>
  );
}

/** The four limits of a token, each blank for the service's default. */
function LimitFields(props: { form: LimitsForm; defaults: DefaultLimits; suggestions?: SuggestedLimits }) {
  const { form, defaults } = props;
  return (
    <fieldset>
      <legend>Limites</legend>
      <LimitField
        name="limite"
        label="Requisições por minuto (opcional)"
        value={form.limite}
        standard={`${number.format(defaults.rateLimit)} requisições por minuto`}
        suggestion={props.suggestions?.rateLimit}
      />
      <LimitField
        name="limite_simultaneas"
        label="Requisições simultâneas em cada instância (opcional)"
        value={form.limiteSimultaneas}
        standard={`${number.format(defaults.concurrency)} simultâneas`}
        suggestion={undefined}
      />
      <p class="hint">
        Consultas por CPF que não encontram ninguém: passado um destes limites, todas as consultas por CPF do token recebem 429 até o fim do
        período, para que ninguém descubra CPFs por tentativa. Num exame, conte os candidatos que não são associados.
      </p>
      <LimitField
        name="limite_cpf_minuto"
        label="CPFs sem resultado por minuto (opcional)"
        value={form.limiteCpfMinuto}
        standard={`${number.format(defaults.cpfMisses.perMinute)} por minuto`}
        suggestion={props.suggestions?.cpfMisses?.perMinute}
      />
      <LimitField
        name="limite_cpf_dia"
        label="CPFs sem resultado por dia (opcional)"
        value={form.limiteCpfDia}
        standard={`${number.format(defaults.cpfMisses.perDay)} por dia`}
        suggestion={props.suggestions?.cpfMisses?.perDay}
      />
    </fieldset>
  );
}

export function newTokenPage(props: { context: PageContext; defaults: DefaultLimits; form?: TokenForm; errors?: string[] }): string {
  const form = props.form ?? {
    nome: '',
    scopes: [],
    validade: '1y',
    regional: '',
    limite: '',
    limiteSimultaneas: '',
    limiteCpfMinuto: '',
    limiteCpfDia: '',
  };
  return render(
    <Page title="Nova integração" section="integracoes" context={props.context}>
      <FormErrors errors={props.errors} />
      <PostForm action="/admin/integracoes" csrfToken={props.context.csrfToken}>
        <label for="nome">Nome da integração</label>
        <p class="hint" id="nome-dica">
          Quem vai usar o token, por exemplo “ERP financeiro” ou “Sistema de provas”.
        </p>
        <input id="nome" name="nome" type="text" required maxLength={100} value={form.nome} aria-describedby="nome-dica" />
        <fieldset>
          <legend>Escopos</legend>
          {(Object.entries(SCOPES) as [Scope, string][]).map(([scope, sentence]) => (
            <label class="check" key={scope}>
              <input type="checkbox" name="scopes" value={scope} checked={form.scopes.includes(scope)} />
              <span>
                <code>{scope}</code>
                <br />
                <span class="hint">{sentence}</span>
              </span>
            </label>
          ))}
        </fieldset>
        <label for="validade">Validade</label>
        <select id="validade" name="validade">
          {LIFETIMES.map((option) => (
            <option key={option.value} value={option.value} selected={option.value === form.validade}>
              {option.label}
            </option>
          ))}
        </select>
        <label for="regional">Restringir a uma regional (opcional)</label>
        <select id="regional" name="regional">
          <option value="">Todas as regionais</option>
          {UFS.map((uf) => (
            <option key={uf} value={uf} selected={uf === form.regional}>{`${uf} — ${UF_INFO[uf].nome}`}</option>
          ))}
        </select>
        <LimitFields form={form} defaults={props.defaults} />
        <SubmitOrCancel label="Criar token" />
      </PostForm>
    </Page>,
  );
}

/** The only time a token's secret is shown. */
export function createdTokenPage(props: {
  context: PageContext;
  title: string;
  nome: string;
  token: string;
  expiraEm: Date;
  oldExpiresAt?: Date;
}): string {
  return render(
    <Page title={props.title} section="integracoes" context={props.context}>
      <Notice kind="warning">
        <strong>Copie o token agora.</strong> Ele não será mostrado de novo: guardamos apenas um resumo criptográfico dele.
      </Notice>
      <p>
        {`Token da integração “${props.nome}”, válido até `}
        <When at={props.expiraEm} />:
      </p>
      <code class="secret" id="novo-token">
        {props.token}
      </code>
      <button type="button" class="secondary" data-copy="novo-token" hidden>
        Copiar
      </button>
      {props.oldExpiresAt && (
        <p>
          {'O token anterior continua aceito até '}
          <When at={props.oldExpiresAt} />.
        </p>
      )}
      <p>
        Use-o no cabeçalho <code>Authorization: Bearer …</code> das chamadas à API.
      </p>
      <div class="actions">
        <a class="button" href="/admin/integracoes">
          Voltar às integrações
        </a>
      </div>
    </Page>,
  );
}

/** Asks to confirm an action on a token: what it will do, then the form that does it. */
function ConfirmPage(props: {
  context: PageContext;
  token: TokenRow;
  title: string;
  action: 'revogar' | 'rotacionar';
  question: ComponentChildren;
  formClass?: string;
  children: ComponentChildren;
}) {
  return (
    <Page title={props.title} section="integracoes" context={props.context}>
      <p>{props.question}</p>
      <PostForm action={`/admin/integracoes/${props.token.id}/${props.action}`} csrfToken={props.context.csrfToken} class={props.formClass}>
        {props.children}
      </PostForm>
    </Page>
  );
}

export function confirmRevokePage(props: { context: PageContext; token: TokenRow }): string {
  const { token } = props;
  const question = (
    <>
      {`Revogar o token “${token.nome}” (`}
      <Prefix token={token} />
      {')? As chamadas com ele passam a ser recusadas em até 1 segundo. Não há como desfazer.'}
    </>
  );
  return render(
    <ConfirmPage context={props.context} token={token} title="Revogar token" action="revogar" question={question} formClass="actions">
      <button type="submit" class="danger">
        Revogar
      </button>
      <CancelLink />
    </ConfirmPage>,
  );
}

export function confirmRotatePage(props: { context: PageContext; token: TokenRow }): string {
  const { token } = props;
  const question = (
    <>
      {`Emitir um novo token para “${token.nome}”, com os mesmos escopos. O token atual (`}
      <Prefix token={token} />
      {') continua aceito durante a carência escolhida, para a integração trocar sem interrupção.'}
    </>
  );
  return render(
    <ConfirmPage context={props.context} token={token} title="Rotacionar token" action="rotacionar" question={question}>
      <label for="carencia">Carência do token atual</label>
      <select id="carencia" name="carencia">
        {GRACE_PERIODS.map((option) => (
          <option key={option.value} value={option.value} selected={option.value === '24h'}>
            {option.label}
          </option>
        ))}
      </select>
      <SubmitOrCancel label="Rotacionar" />
    </ConfirmPage>,
  );
}

/** The token's limits as its form shows them: its own, or blank for the default. */
function limitsFormOf(token: TokenRow): LimitsForm {
  const text = (value: number | null) => (value === null ? '' : String(value));
  return {
    limite: text(token.limite_por_minuto),
    limiteSimultaneas: text(token.limite_simultaneas),
    limiteCpfMinuto: text(token.limite_cpf_sem_resultado_minuto),
    limiteCpfDia: text(token.limite_cpf_sem_resultado_dia),
  };
}

function UseSummary(props: { use: TokenUsePeaks; suggestions: SuggestedLimits }) {
  const { use, suggestions } = props;
  const busiest = `maior uso em ${USE_DAYS} dias:`;
  const none = `sem uso registrado em ${USE_DAYS} dias.`;
  const dayText = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}`;
  const requests =
    use.requests && suggestions.rateLimit !== undefined
      ? `${busiest} ${number.format(use.requests.count)} ${use.requests.count === 1 ? 'requisição' : 'requisições'} num minuto ` +
        `(${minuteText(use.requests.minute)}); sugestão: ${number.format(suggestions.rateLimit)}/min.`
      : none;
  const misses =
    use.cpfMissesMinute && use.cpfMissesDay && suggestions.cpfMisses
      ? `${busiest} ${number.format(use.cpfMissesMinute.count)} num minuto (${minuteText(use.cpfMissesMinute.minute)}) ` +
        `e ${number.format(use.cpfMissesDay.count)} num dia (${dayText(use.cpfMissesDay.day)}); ` +
        `sugestão: ${number.format(suggestions.cpfMisses.perMinute)}/min e ${number.format(suggestions.cpfMisses.perDay)}/dia.`
      : none;
  return (
    <ul>
      <li>
        <strong>Requisições:</strong> {requests}
      </li>
      <li>
        <strong>CPFs sem resultado:</strong> {misses}
      </li>
      {use.refused > 0 && (
        <li>
          <strong>Recusas:</strong>
          {` ${number.format(use.refused)} ${use.refused === 1 ? 'requisição recusada' : 'requisições recusadas'} com 429 (limite atingido) em ${USE_DAYS} dias.`}
        </li>
      )}
    </ul>
  );
}

/** A token's limits, what its use suggests, and the form that changes them. */
export function limitsPage(props: {
  context: PageContext;
  token: TokenRow;
  defaults: DefaultLimits;
  use: TokenUsePeaks;
  form?: LimitsForm;
  errors?: string[];
}): string {
  const { token, defaults } = props;
  const suggestions = suggestLimits(props.use, defaults);
  return render(
    <Page title="Limites do token" section="integracoes" context={props.context}>
      <FormErrors errors={props.errors} />
      <p>
        {`Integração “${token.nome}” (`}
        <Prefix token={token} />
        {`). Em vigor: ${rateLimitText(token, defaults)}; ${concurrencyText(token, defaults)}; ${cpfLimitText(token, defaults)}.`}
      </p>
      <h2>Uso e sugestões</h2>
      <UseSummary use={props.use} suggestions={suggestions} />
      <PostForm action={`/admin/integracoes/${token.id}/limites`} csrfToken={props.context.csrfToken}>
        <LimitFields form={props.form ?? limitsFormOf(token)} defaults={defaults} suggestions={suggestions} />
        <p class="hint">A API aplica os novos limites em até 1 segundo.</p>
        <SubmitOrCancel label="Salvar limites" />
      </PostForm>
    </Page>,
  );
}

/** A token's use over TOKEN_USE_DAYS days: requests per day with errors and 429s, its most called operations, its last use. */
export function usePage(props: { context: PageContext; token: TokenRow; days: DayUse[]; operations: OperationUse[] }): string {
  const { token, days } = props;
  const total = (key: 'requisicoes' | 'erros' | 'recusadas') => days.reduce((sum, day) => sum + day[key], 0);
  return render(
    <Page title="Uso do token" section="integracoes" context={props.context}>
      <p>
        {`Integração “${token.nome}” (`}
        <Prefix token={token} />
        {'). Último uso: '}
        <When at={token.ultimo_uso_em} empty="nunca" />
        {'. '}
        <a href={`/admin/auditoria?token=${token.id}`}>Ver os registros na auditoria</a>
      </p>
      <h2>{`Requisições por dia, últimos ${TOKEN_USE_DAYS} dias`}</h2>
      <p data-totais="">
        {`${number.format(total('requisicoes'))} requisições, ${number.format(total('erros'))} com erro, ` +
          `${number.format(total('recusadas'))} recusadas com 429 (limite atingido).`}
      </p>
      <DailyUseChart days={days} />
      <h2>Operações mais chamadas</h2>
      {props.operations.length === 0 ? (
        <p class="muted">{`Nenhuma requisição em ${TOKEN_USE_DAYS} dias.`}</p>
      ) : (
        <ListTable
          label="Operações"
          caption={`Em ${TOKEN_USE_DAYS} dias`}
          columns={['Operação', 'Requisições', 'Erros', 'Recusadas (429)']}
        >
          {props.operations.map((operation) => (
            <tr key={operation.rota} data-rota={operation.rota}>
              <td>
                <code>{`GET ${operation.rota}`}</code>
              </td>
              <td class="num">{number.format(operation.requisicoes)}</td>
              <td class="num">{number.format(operation.erros)}</td>
              <td class="num">{number.format(operation.recusadas)}</td>
            </tr>
          ))}
        </ListTable>
      )}
    </Page>,
  );
}
