import type { MailListRow, MailRow } from '../outbox.queries.js';
import { Page, When, render, type PageContext } from './layout.js';
import { matriculaText } from './simulacao.js';
import { DetailRow, ListTable, Pager } from './tables.js';

const INTRO = 'E-mails que o sistema enviaria (recibos, estornos, cancelamentos). São simulados: nenhum sai daqui.';

export function outboxPage(props: { context: PageContext; mails: MailListRow[]; older: string | null; paged: boolean }): string {
  return render(
    <Page title="Caixa de saída" section="caixa-de-saida" context={props.context}>
      <p>{INTRO}</p>
      {props.mails.length === 0 ? (
        <p class="muted">{props.paged ? 'Não há e-mails mais antigos.' : 'Nenhum e-mail ainda.'}</p>
      ) : (
        <ListTable
          label="E-mails simulados"
          caption={props.paged ? 'E-mails mais antigos' : 'Os e-mails mais recentes primeiro'}
          columns={['Quando', 'Para', 'Assunto']}
        >
          {props.mails.map((mail) => (
            <tr key={mail.id}>
              <td>
                <When at={mail.criado_em} />
              </td>
              <td>{mail.para}</td>
              <td>
                <a href={`/admin/caixa-de-saida/${mail.id}`}>{mail.assunto}</a>
              </td>
            </tr>
          ))}
        </ListTable>
      )}
      <Pager newest={props.paged ? '/admin/caixa-de-saida' : null} older={props.older} />
    </Page>,
  );
}

export function mailPage(props: { context: PageContext; mail: MailRow }): string {
  const { mail } = props;
  return render(
    <Page title={mail.assunto} section="caixa-de-saida" context={props.context}>
      <p>
        <a href="/admin/caixa-de-saida">Voltar à caixa de saída</a>
      </p>
      <table>
        <caption class="muted">Cabeçalhos</caption>
        <tbody>
          <DetailRow label="Para">{mail.para}</DetailRow>
          <DetailRow label="Assunto">{mail.assunto}</DetailRow>
          <DetailRow label="Data">
            <When at={mail.criado_em} />
          </DetailRow>
          {mail.associado !== null && (
            <DetailRow label="Associado">
              <a
                href={`/admin/simulacao/associados/${mail.associado}`}
              >{`${matriculaText(mail.associado)} — ${mail.associado_nome ?? ''}`}</a>
            </DetailRow>
          )}
          {mail.fatura_numero !== null && <DetailRow label="Fatura">{mail.fatura_numero}</DetailRow>}
        </tbody>
      </table>
      <h2>Mensagem</h2>
      <pre class="mail">{mail.corpo}</pre>
    </Page>,
  );
}
