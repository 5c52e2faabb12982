import type { ExamStatus, TitleType } from '../../domain/enums.js';
import { formatMatricula } from '../../domain/matricula.js';
import { MOTIVO_MAX } from '../../operations/annul-result.js';
import type { examCandidates, examResult, findExamPage, specialtyOptions } from '../provas.queries.js';
import { describedBy, DayInput, FieldErrors } from './fields.js';
import { Notice, Page, PostForm, When, render, type PageContext } from './layout.js';
import { DetailRow, ListTable } from './tables.js';

export const STATUS_LABELS: Record<ExamStatus, string> = {
  inscricoes_abertas: 'inscrições abertas',
  realizada: 'realizada, aguarda resultados',
  resultados_publicados: 'resultados publicados',
  cancelada: 'cancelada',
};
const TITLE_LABELS: Record<TitleType, string> = { especialista: 'Título de Especialista', area_atuacao: 'Certificado de Área de Atuação' };

export interface ExamSummary {
  id: number;
  codigo: string;
  data: string;
  status: ExamStatus;
  candidatos: number;
  resultados: number;
}

export interface ExamForm {
  codigo: string;
  tipoTitulo: string;
  especialidade: string;
  data: string;
}
export type ExamFormErrors = Partial<Record<keyof ExamForm, string>>;

const INTRO =
  'As provas de título: quem pagou a taxa de uma prova é seu candidato, e o sistema de provas envia os resultados pela API ' +
  '(escopo provas:resultados). Uma aprovação concede o título, que aparece na ficha do associado.';

const day = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

export function examListPage(props: {
  context: PageContext;
  exams: ExamSummary[];
  specialties: Awaited<ReturnType<typeof specialtyOptions>>;
  form: ExamForm;
  errors: ExamFormErrors;
}): string {
  const { form, errors } = props;
  return render(
    <Page title="Provas" section="provas" context={props.context}>
      <p>{INTRO}</p>
      <h2 id="nova">Nova prova</h2>
      <FieldErrors intro="A prova não foi criada:" errors={errors} />
      <PostForm action="/admin/provas" csrfToken={props.context.csrfToken}>
        <p>
          <label for="codigo">Código</label>
          <input id="codigo" name="codigo" value={form.codigo} maxLength={40} required {...describedBy(errors, 'codigo', 'codigo-dica')} />
          <span id="codigo-dica" class="muted">
            {' '}
            Letras maiúsculas e dígitos em grupos ligados por hífens, como TE-CARDIO-2027.
          </span>
        </p>
        <p>
          <label for="tipoTitulo">Título concedido</label>
          <select id="tipoTitulo" name="tipoTitulo" {...describedBy(errors, 'tipoTitulo')}>
            {(Object.keys(TITLE_LABELS) as TitleType[]).map((tipo) => (
              <option key={tipo} value={tipo} selected={form.tipoTitulo === tipo}>
                {TITLE_LABELS[tipo]}
              </option>
            ))}
          </select>
        </p>
        <p>
          <label for="especialidade">Especialidade ou área de atuação</label>
          <select id="especialidade" name="especialidade" {...describedBy(errors, 'especialidade')}>
            {props.specialties.map((specialty) => (
              <option key={specialty.codigo} value={specialty.codigo} selected={form.especialidade === specialty.codigo}>
                {specialty.nome}
                {specialty.tipo === 'area_atuacao' ? ' (área de atuação)' : ''}
              </option>
            ))}
          </select>
        </p>
        <p>
          <label for="data">Data da prova</label>
          <DayInput name="data" value={form.data} aria={describedBy(errors, 'data')} />
        </p>
        <button type="submit">Criar prova</button>
      </PostForm>
      <h2>Provas</h2>
      {props.exams.length === 0 ? (
        <p class="muted">Nenhuma prova ainda.</p>
      ) : (
        <ListTable label="Provas" caption="Por data" columns={['Código', 'Data', 'Situação', 'Candidatos', 'Resultados']}>
          {props.exams.map((exam) => (
            <tr key={exam.id}>
              <td>
                <a href={`/admin/provas/${exam.id}`}>{exam.codigo}</a>
              </td>
              <td>{day(exam.data)}</td>
              <td>{STATUS_LABELS[exam.status]}</td>
              <td>{exam.candidatos}</td>
              <td>{exam.resultados}</td>
            </tr>
          ))}
        </ListTable>
      )}
    </Page>,
  );
}

export function examPage(props: {
  context: PageContext;
  exam: NonNullable<Awaited<ReturnType<typeof findExamPage>>>;
  candidates: Awaited<ReturnType<typeof examCandidates>>;
  next: readonly ExamStatus[];
  error?: string;
  done?: string;
}): string {
  const { exam } = props;
  return render(
    <Page title={`Prova ${exam.codigo}`} section="provas" context={props.context}>
      <p>
        <a href="/admin/provas">Voltar às provas</a>
      </p>
      {props.error && (
        <Notice kind="error">
          <p>{props.error}</p>
        </Notice>
      )}
      {props.done && (
        <Notice kind="ok">
          <p>{props.done}</p>
        </Notice>
      )}
      <table>
        <caption class="muted">A prova</caption>
        <tbody>
          <DetailRow label="Título">{TITLE_LABELS[exam.tipo_titulo]}</DetailRow>
          <DetailRow label="Especialidade">{exam.especialidade}</DetailRow>
          <DetailRow label="Data">{day(exam.data)}</DetailRow>
          <DetailRow label="Situação">{STATUS_LABELS[exam.status]}</DetailRow>
          <DetailRow label="Títulos concedidos">{String(exam.titulos_emitidos)}</DetailRow>
          <DetailRow label="Atualizada em">
            <When at={exam.atualizado_em} />
          </DetailRow>
        </tbody>
      </table>
      {props.next.length > 0 && (
        <PostForm action={`/admin/provas/${exam.id}/situacao`} csrfToken={props.context.csrfToken}>
          <p>
            <label for="status">Mudar a situação para</label>{' '}
            <select id="status" name="status">
              {props.next.map((status) => (
                <option key={status} value={status}>
                  {STATUS_LABELS[status]}
                </option>
              ))}
            </select>{' '}
            <button type="submit">Mudar</button>
          </p>
        </PostForm>
      )}
      <h2>Candidatos e resultados</h2>
      {props.candidates.length === 0 ? (
        <p class="muted">Ninguém pagou ou deve a taxa desta prova.</p>
      ) : (
        <ListTable
          label="Candidatos"
          caption="Por matrícula; quem tem a taxa em aberto ainda não pode receber resultado"
          columns={['Matrícula', 'Nome', 'Taxa', 'Resultado', 'Nota', 'Título', 'Enviado por', 'Ações']}
        >
          {props.candidates.map((row) => (
            <tr key={row.matricula}>
              <td>{formatMatricula(row.matricula)}</td>
              <td>{row.nome}</td>
              <td>{row.fatura_status === 'paid' ? 'paga' : 'em aberto'}</td>
              <td>{row.resultado ?? <span class="muted">—</span>}</td>
              <td>{row.nota ?? <span class="muted">—</span>}</td>
              <td>{row.titulo ?? <span class="muted">—</span>}</td>
              <td>
                {row.token ?? <span class="muted">—</span>} <When at={row.atualizado_em} empty="" />
              </td>
              <td>
                {row.resultado && (
                  <a href={`/admin/provas/${exam.id}/resultados/${formatMatricula(row.matricula)}/anular`}>
                    Anular<span class="visually-hidden"> o resultado de {formatMatricula(row.matricula)}</span>
                  </a>
                )}
              </td>
            </tr>
          ))}
        </ListTable>
      )}
    </Page>,
  );
}

/** Asks for the reason to annul a member's result, saying what the annulment does. */
export function annulResultPage(props: {
  context: PageContext;
  exam: NonNullable<Awaited<ReturnType<typeof findExamPage>>>;
  result: NonNullable<Awaited<ReturnType<typeof examResult>>>;
  motivo: string;
  error?: string;
}): string {
  const { exam, result } = props;
  const matricula = formatMatricula(result.matricula);
  const was = `${result.resultado}${result.nota === null ? '' : `, nota ${result.nota}`}`;
  return render(
    <Page title={`Anular resultado na prova ${exam.codigo}`} section="provas" context={props.context}>
      <p>
        {`Anular o resultado de ${result.nome} (${matricula}): ${was}` +
          (result.titulo ? `. O título ${result.titulo} que ele concedeu é retirado da ficha do associado` : '') +
          '. O sistema de provas é avisado (evento prova.resultado_anulado) e pode enviar de novo o resultado deste candidato.'}
      </p>
      {props.error && (
        <Notice kind="error">
          <p>{props.error}</p>
        </Notice>
      )}
      <PostForm action={`/admin/provas/${exam.id}/resultados/${matricula}/anular`} csrfToken={props.context.csrfToken}>
        <label for="motivo">Motivo</label>
        <p class="hint" id="motivo-dica">
          Fica na auditoria, por exemplo “resultado enviado para o candidato errado”.
        </p>
        <textarea
          id="motivo"
          name="motivo"
          required
          maxLength={MOTIVO_MAX}
          rows={3}
          aria-describedby="motivo-dica"
          aria-invalid={props.error ? 'true' : undefined}
        >
          {props.motivo}
        </textarea>
        <div class="actions">
          <button type="submit" class="danger">
            Anular resultado
          </button>
          <a class="button secondary" href={`/admin/provas/${exam.id}`}>
            Cancelar
          </a>
        </div>
      </PostForm>
    </Page>,
  );
}
