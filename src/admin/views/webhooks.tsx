import { EVENT_TYPES, type EventType } from '../../events/event-types.js';
import type { EndpointSummary, listDeliveries } from '../../events/webhooks.queries.js';
import { DELIVERY_LOG_DAYS } from '../../events/webhooks.queries.js';
import { FormErrors, type TokenRow } from './integracoes.js';
import { Notice, Page, PostForm, When, render, type PageContext } from './layout.js';
import { ListTable } from './tables.js';

export type DeliveryRow = Awaited<ReturnType<typeof listDeliveries>>[number];

/** What an administrator reads for each event type. */
const TYPE_LABELS: Record<EventType, string> = {
  'fatura.emitida': 'fatura emitida',
  'fatura.paga': 'fatura paga',
  'fatura.estornada': 'pagamento estornado',
  'fatura.cancelada': 'fatura cancelada',
  'fatura.vencida': 'fatura vencida',
  'associado.situacao_alterada': 'situação do associado mudou (associado, categoria, adimplente)',
  'associado.atualizado': 'ficha do associado mudou',
  'curso.publicado': 'curso publicado',
  'curso.atualizado': 'curso mudou',
  'prova.resultado_registrado': 'resultado de prova registrado ou corrigido',
  'prova.resultado_anulado': 'resultado de prova anulado',
};

const STATE_LABELS: Record<DeliveryRow['estado'], string> = {
  pendente: 'pendente',
  entregue: 'entregue',
  falhou: 'falhou',
  cancelada: 'cancelada',
};

function BackToEndpoints(props: { tokenId: number }) {
  return (
    <a class="button secondary" href={`/admin/integracoes/${props.tokenId}/webhooks`}>
      Voltar aos webhooks
    </a>
  );
}

/** A token's webhook endpoints, with what can be done to each. */
export function endpointsPage(props: {
  context: PageContext;
  token: TokenRow;
  endpoints: EndpointSummary[];
  canReceive: boolean;
  notice?: string;
}): string {
  const { token } = props;
  return render(
    <Page title={`Webhooks de “${token.nome}”`} section="integracoes" context={props.context}>
      <p>
        Endereços para onde a API envia os eventos que este token pode ver, assinados no padrão Standard Webhooks. Cada entrega é tentada de
        novo em caso de falha (após 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 14 h, 20 h e 24 h); um receptor que responde 410 ou falha por 5 dias
        seguidos é desativado, e a administração recebe um e-mail. Os eventos ficam também no feed <code>GET /api/v1/eventos</code> por 30
        dias.
      </p>
      {props.notice && <Notice kind="ok">{props.notice}</Notice>}
      {props.canReceive ? (
        <div class="actions">
          <a class="button" href={`/admin/integracoes/${token.id}/webhooks/novo`}>
            Novo endpoint
          </a>
          <a class="button secondary" href="/admin/integracoes">
            Voltar às integrações
          </a>
        </div>
      ) : (
        <Notice kind="warning">Este token está revogado ou expirado: seus endpoints não recebem mais nada.</Notice>
      )}
      {props.endpoints.length === 0 ? (
        <p class="muted">Nenhum endpoint cadastrado.</p>
      ) : (
        <ListTable
          label="Endpoints"
          caption={`${props.endpoints.length} endpoint(s)`}
          columns={['Endereço', 'Eventos', 'Situação', 'Ações']}
        >
          {props.endpoints.map((endpoint) => (
            <tr key={endpoint.id} id={`webhook-${endpoint.id}`} data-webhook-id={endpoint.id}>
              <td>
                <code>{endpoint.url}</code>
                <div class="hint">
                  {`criado por ${endpoint.criado_por} em `}
                  <When at={endpoint.criado_em} />
                </div>
              </td>
              <td>
                {endpoint.tipos.map((type) => (
                  <div key={type}>
                    <code>{type}</code>
                  </div>
                ))}
              </td>
              <td>
                <span class={`badge badge-${endpoint.ativo ? 'ativo' : 'revogado'}`}>{endpoint.ativo ? 'ativo' : 'desativado'}</span>
                {endpoint.desativado_em && (
                  <div class="hint">
                    <When at={endpoint.desativado_em} />
                    {`: ${endpoint.motivo_desativacao ?? ''}`}
                  </div>
                )}
                {endpoint.ativo && endpoint.falhando_desde && (
                  <div class="hint">
                    {'falhando desde '}
                    <When at={endpoint.falhando_desde} />
                  </div>
                )}
                {endpoint.segredo_anterior_ate && endpoint.segredo_anterior_ate > new Date() && (
                  <div class="hint">
                    {'segredo anterior aceito até '}
                    <When at={endpoint.segredo_anterior_ate} />
                  </div>
                )}
              </td>
              <td>
                <div class="actions">
                  <a href={`/admin/webhooks/${endpoint.id}/entregas`}>
                    Entregas<span class="skip">{` de ${endpoint.url}`}</span>
                  </a>
                  {props.canReceive && (
                    <>
                      <EndpointAction endpoint={endpoint.id} action="teste" label="Enviar teste" context={props.context} />
                      <EndpointAction endpoint={endpoint.id} action="rotacionar" label="Rotacionar segredo" context={props.context} />
                      {endpoint.ativo ? (
                        <EndpointAction endpoint={endpoint.id} action="desativar" label="Desativar" context={props.context} danger />
                      ) : (
                        <EndpointAction endpoint={endpoint.id} action="reativar" label="Reativar" context={props.context} />
                      )}
                    </>
                  )}
                </div>
              </td>
            </tr>
          ))}
        </ListTable>
      )}
    </Page>,
  );
}

function EndpointAction(props: { endpoint: number; action: string; label: string; context: PageContext; danger?: boolean }) {
  return (
    <PostForm action={`/admin/webhooks/${props.endpoint}/${props.action}`} csrfToken={props.context.csrfToken} class="inline">
      <button type="submit" class={props.danger ? 'danger' : 'secondary'}>
        {props.label}
      </button>
    </PostForm>
  );
}

export interface EndpointForm {
  url: string;
  tipos: string[];
}

export function newEndpointPage(props: {
  context: PageContext;
  token: TokenRow;
  types: EventType[];
  production: boolean;
  form?: EndpointForm;
  errors?: string[];
}): string {
  const form = props.form ?? { url: '', tipos: props.types };
  return render(
    <Page title="Novo endpoint de webhook" section="integracoes" context={props.context}>
      <FormErrors errors={props.errors} />
      <PostForm action={`/admin/integracoes/${props.token.id}/webhooks`} csrfToken={props.context.csrfToken}>
        <label for="url">Endereço do receptor</label>
        <p class="hint" id="url-dica">
          {props.production
            ? 'https://, num endereço público (um host da rede interna precisa estar em WEBHOOK_ALLOWED_HOSTS). Redirecionamentos não são seguidos.'
            : 'http:// ou https://; fora de produção, http://127.0.0.1 e localhost servem para testar. Redirecionamentos não são seguidos.'}
        </p>
        <input id="url" name="url" type="url" required maxLength={2000} value={form.url} aria-describedby="url-dica" />
        <fieldset>
          <legend>Eventos</legend>
          <p class="hint">{`Os que o token “${props.token.nome}” pode ver pelos seus escopos.`}</p>
          {props.types.map((type) => (
            <label class="check" key={type}>
              <input type="checkbox" name="tipos" value={type} checked={form.tipos.includes(type)} />
              <span>
                <code>{type}</code>
                <br />
                <span class="hint">{`${TYPE_LABELS[type]} (escopo ${EVENT_TYPES[type].join(' ou ')})`}</span>
              </span>
            </label>
          ))}
        </fieldset>
        <div class="actions">
          <button type="submit">Criar endpoint</button>
          <BackToEndpoints tokenId={props.token.id} />
        </div>
      </PostForm>
    </Page>,
  );
}

/** The only time an endpoint's signing secret is shown. */
export function secretPage(props: { context: PageContext; tokenId: number; url: string; secret: string; previousUntil?: Date }): string {
  return render(
    <Page title="Segredo do webhook" section="integracoes" context={props.context}>
      <Notice kind="warning">
        <strong>Copie o segredo agora.</strong> Ele não será mostrado de novo.
      </Notice>
      <p>
        Segredo de assinatura de <code>{props.url}</code>: o receptor confere com ele o cabeçalho <code>webhook-signature</code> de cada
        entrega (por exemplo com a biblioteca <code>standardwebhooks</code>).
      </p>
      <code class="secret" id="novo-segredo">
        {props.secret}
      </code>
      <button type="button" class="secondary" data-copy="novo-segredo" hidden>
        Copiar
      </button>
      {props.previousUntil && (
        <p>
          {'O segredo anterior continua assinando as entregas, ao lado deste, até '}
          <When at={props.previousUntil} />.
        </p>
      )}
      <div class="actions">
        <BackToEndpoints tokenId={props.tokenId} />
      </div>
    </Page>,
  );
}

/** An endpoint's deliveries of the last days, each with its last attempt, and the forms that send them again. */
export function deliveriesPage(props: {
  context: PageContext;
  endpoint: { id: number; url: string; token_id: number };
  deliveries: DeliveryRow[];
  notice?: string;
  error?: string;
}): string {
  const { endpoint } = props;
  return render(
    <Page title="Entregas do webhook" section="integracoes" context={props.context}>
      <p>
        {`Entregas dos últimos ${DELIVERY_LOG_DAYS} dias para `}
        <code>{endpoint.url}</code>, da mais recente à mais antiga, cada uma com sua última tentativa.
      </p>
      {props.notice && <Notice kind="ok">{props.notice}</Notice>}
      {props.error && <Notice kind="error">{props.error}</Notice>}
      <PostForm action={`/admin/webhooks/${endpoint.id}/reenviar`} csrfToken={props.context.csrfToken}>
        <label for="desde">Reenviar todas as entregas que falharam ou foram canceladas desde</label>
        <p class="hint" id="desde-dica">
          Data e hora de São Paulo, DD/MM/AAAA HH:MM (a hora é opcional).
        </p>
        <input
          id="desde"
          name="desde"
          type="text"
          required
          inputMode="numeric"
          placeholder="DD/MM/AAAA HH:MM"
          aria-describedby="desde-dica"
        />
        <div class="actions">
          <button type="submit">Reenviar falhas</button>
          <BackToEndpoints tokenId={endpoint.token_id} />
        </div>
      </PostForm>
      {props.deliveries.length === 0 ? (
        <p class="muted">Nenhuma entrega no período.</p>
      ) : (
        <ListTable
          label="Entregas"
          caption={`${props.deliveries.length} entrega(s)`}
          columns={['Evento', 'Tentativas', 'Situação', 'Resposta', 'Próxima tentativa', 'Ações']}
        >
          {props.deliveries.map((delivery) => (
            <tr key={delivery.id} data-delivery-id={delivery.id}>
              <td>
                <code>{delivery.tipo}</code>
                <div class="hint">{`${delivery.chave} · sequência ${delivery.sequencia ?? '—'}`}</div>
                <div class="hint">
                  <When at={delivery.criado_em} />
                </div>
              </td>
              <td>{delivery.tentativas}</td>
              <td>
                <span
                  class={`badge badge-${delivery.estado === 'entregue' ? 'ativo' : delivery.estado === 'pendente' ? 'expirando' : 'revogado'}`}
                >
                  {STATE_LABELS[delivery.estado]}
                </span>
              </td>
              <td>
                {delivery.iniciada_em ? (
                  <>
                    {delivery.status_http === null ? <span class="muted">sem resposta</span> : <code>{delivery.status_http}</code>}
                    {` em ${delivery.latencia_ms ?? 0} ms`}
                    {delivery.erro && <div class="hint">{delivery.erro}</div>}
                    {delivery.resposta && (
                      <div class="hint">
                        <code>{delivery.resposta.slice(0, 120)}</code>
                      </div>
                    )}
                  </>
                ) : (
                  <span class="muted">ainda não tentada</span>
                )}
              </td>
              <td>{delivery.estado === 'pendente' ? <When at={delivery.proxima_em} /> : <span class="muted">—</span>}</td>
              <td>
                {delivery.estado !== 'pendente' && (
                  <PostForm
                    action={`/admin/webhooks/${endpoint.id}/entregas/${delivery.id}/reenviar`}
                    csrfToken={props.context.csrfToken}
                    class="inline"
                  >
                    <button type="submit" class="secondary">
                      Reenviar
                    </button>
                  </PostForm>
                )}
              </td>
            </tr>
          ))}
        </ListTable>
      )}
    </Page>,
  );
}
