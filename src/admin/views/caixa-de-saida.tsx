import { Page, TableScroll, When, render, type PageContext } from './layout.js';
import { matriculaText } from './simulacao.js';

export interface MailListRow {
  id: number;
  para: string;
  assunto: string;
  criado_em: Date;
}

export interface MailRow extends MailListRow {
  corpo: string;
  associado: number | null;
  associado_nome: string | null;
  fatura_numero: string | null;
}

const INTRO = 'E-mails que o sistema enviaria (recibos, estornos, cancelamentos). São simulados: nenhum sai daqui.';

export function outboxPage(props: { context: PageContext; mails: MailListRow[]; older: string | null; paged: boolean }): string {
  return render(
    <Page title="Caixa de saída" section="caixa-de-saida" context={props.context}>
      <p>{INTRO}</p>
      {props.mails.length === 0 ? (
        <p class="muted">{props.paged ? 'Não há e-mails mais antigos.' : 'Nenhum e-mail ainda.'}</p>
      ) : (
        <TableScroll label="E-mails simulados">
          <table>
            <caption class="muted">{props.paged ? 'E-mails mais antigos' : 'Os e-mails mais recentes primeiro'}</caption>
            <thead>
              <tr>
                <th scope="col">Quando</th>
                <th scope="col">Para</th>
                <th scope="col">Assunto</th>
              </tr>
            </thead>
            <tbody>
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
            </tbody>
          </table>
        </TableScroll>
      )}
      {(props.paged || props.older) && (
        <nav class="pager" aria-label="Páginas">
          {props.paged && <a href="/admin/caixa-de-saida">Mais recentes</a>}
          {props.older && (
            <a href={props.older} rel="next">
              Mais antigos
            </a>
          )}
        </nav>
      )}
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
          <tr>
            <th scope="row">Para</th>
            <td>{mail.para}</td>
          </tr>
          <tr>
            <th scope="row">Assunto</th>
            <td>{mail.assunto}</td>
          </tr>
          <tr>
            <th scope="row">Data</th>
            <td>
              <When at={mail.criado_em} />
            </td>
          </tr>
          {mail.associado !== null && (
            <tr>
              <th scope="row">Associado</th>
              <td>
                <a
                  href={`/admin/simulacao/associados/${mail.associado}`}
                >{`${matriculaText(mail.associado)} — ${mail.associado_nome ?? ''}`}</a>
              </td>
            </tr>
          )}
          {mail.fatura_numero !== null && (
            <tr>
              <th scope="row">Fatura</th>
              <td>{mail.fatura_numero}</td>
            </tr>
          )}
        </tbody>
      </table>
      <h2>Mensagem</h2>
      <pre class="mail">{mail.corpo}</pre>
    </Page>,
  );
}
