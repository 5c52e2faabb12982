import { UF_INFO, UFS } from '../../domain/uf.js';
import { SCOPES, type Scope } from '../../tokens/scopes.js';
import { deprecatedSince, EXPIRY_WARNING_DAYS } from '../../tokens/token-expiry.js';
import { Notice, Page, PostForm, TableScroll, When, render, type PageContext } from './layout.js';

export interface TokenRow {
  id: number;
  nome: string;
  prefixo: string;
  scopes: string[];
  regional: string | null;
  limite_por_minuto: number | null;
  criado_por: string;
  criado_em: Date;
  expira_em: Date;
  ultimo_uso_em: Date | null;
  revogado_em: Date | null;
  rotacionado_em: Date | null;
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

export function tokenListPage(props: { context: PageContext; tokens: TokenRow[]; notice?: string }): string {
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
        <TableScroll label="Tokens">
          <table>
            <caption class="muted">{`${props.tokens.length} token(s)`}</caption>
            <thead>
              <tr>
                <th scope="col">Nome</th>
                <th scope="col">Escopos</th>
                <th scope="col">Prefixo</th>
                <th scope="col">Criado por / em</th>
                <th scope="col">Expira</th>
                <th scope="col">Último uso</th>
                <th scope="col">Situação</th>
                <th scope="col">Ações</th>
              </tr>
            </thead>
            <tbody>
              {props.tokens.map((token) => {
                const state = states.get(token.id)!;
                const warned = state === 'carencia' || state === 'expirando';
                return (
                  <tr key={token.id} id={`token-${token.id}`} data-token-id={token.id} class={warned ? 'alert' : undefined}>
                    <td>
                      {token.nome}
                      {token.regional && <div class="hint">Regional {token.regional}</div>}
                      {token.limite_por_minuto && <div class="hint">{`${token.limite_por_minuto} req/min`}</div>}
                    </td>
                    <td>
                      {token.scopes.map((scope) => (
                        <div key={scope}>
                          <code>{scope}</code>
                        </div>
                      ))}
                    </td>
                    <td>
                      <code>{`${token.prefixo}…`}</code>
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
                      {state !== 'revogado' && state !== 'expirado' && (
                        <span class="actions">
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
            </tbody>
          </table>
        </TableScroll>
      )}
    </Page>,
  );
}

export interface TokenForm {
  nome: string;
  scopes: Scope[];
  validade: string;
  regional: string;
  limite: string;
}

export function newTokenPage(props: { context: PageContext; form?: TokenForm; errors?: string[] }): string {
  const form = props.form ?? { nome: '', scopes: [], validade: '1y', regional: '', limite: '' };
  return render(
    <Page title="Nova integração" section="integracoes" context={props.context}>
      {props.errors && props.errors.length > 0 && (
        <Notice kind="error">
          <p>Corrija antes de continuar:</p>
          <ul>
            {props.errors.map((error) => (
              <li key={error}>{error}</li>
            ))}
          </ul>
        </Notice>
      )}
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
        <label for="limite">Limite de requisições por minuto (opcional)</label>
        <p class="hint" id="limite-dica">
          Em branco, vale o limite padrão do serviço.
        </p>
        <input id="limite" name="limite" type="number" min={1} max={100000000} value={form.limite} aria-describedby="limite-dica" />
        <div class="actions">
          <button type="submit">Criar token</button>
          <a class="button secondary" href="/admin/integracoes">
            Cancelar
          </a>
        </div>
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

export function confirmRevokePage(props: { context: PageContext; token: TokenRow }): string {
  return render(
    <Page title="Revogar token" section="integracoes" context={props.context}>
      <p>
        {`Revogar o token “${props.token.nome}” (`}
        <code>{`${props.token.prefixo}…`}</code>
        {')? As chamadas com ele passam a ser recusadas em até 1 segundo. Não há como desfazer.'}
      </p>
      <PostForm action={`/admin/integracoes/${props.token.id}/revogar`} csrfToken={props.context.csrfToken} class="actions">
        <button type="submit" class="danger">
          Revogar
        </button>
        <a class="button secondary" href="/admin/integracoes">
          Cancelar
        </a>
      </PostForm>
    </Page>,
  );
}

export function confirmRotatePage(props: { context: PageContext; token: TokenRow }): string {
  return render(
    <Page title="Rotacionar token" section="integracoes" context={props.context}>
      <p>
        {`Emitir um novo token para “${props.token.nome}”, com os mesmos escopos. O token atual (`}
        <code>{`${props.token.prefixo}…`}</code>
        {') continua aceito durante a carência escolhida, para a integração trocar sem interrupção.'}
      </p>
      <PostForm action={`/admin/integracoes/${props.token.id}/rotacionar`} csrfToken={props.context.csrfToken}>
        <label for="carencia">Carência do token atual</label>
        <select id="carencia" name="carencia">
          {GRACE_PERIODS.map((option) => (
            <option key={option.value} value={option.value} selected={option.value === '24h'}>
              {option.label}
            </option>
          ))}
        </select>
        <div class="actions">
          <button type="submit">Rotacionar</button>
          <a class="button secondary" href="/admin/integracoes">
            Cancelar
          </a>
        </div>
      </PostForm>
    </Page>,
  );
}
