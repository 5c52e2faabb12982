import type { FileReport, ImportReport } from '../../import/import.js';
import type { Kind } from '../../import/formats.js';
import { FILE_FIELD, MAX_FILE_BYTES, MAX_FILES, type UploadRecord } from '../import-uploads.js';
import { Notice, Page, PostForm, render, When, type PageContext } from './layout.js';
import { ListTable } from './tables.js';

/** The files the import knows, in the order it writes them, as the form explains them. */
const FILES: { kind: Kind; what: string }[] = [
  { kind: 'regionais', what: 'regionais da associação' },
  { kind: 'categorias', what: 'categorias de associado e suas anuidades' },
  { kind: 'cursos', what: 'cursos e eventos, com os preços por categoria' },
  { kind: 'associados', what: 'associados: matrícula, nome, CPF, e-mail, categoria, situação, regional, admissão' },
  { kind: 'crms', what: 'inscrições no CRM dos associados' },
  { kind: 'especialidades', what: 'especialidades e RQE dos associados' },
  { kind: 'titulos', what: 'títulos de especialista e certificados de área de atuação' },
  { kind: 'faturas', what: 'faturas: anuidades e inscrições em cursos' },
  { kind: 'pagamentos', what: 'pagamentos das faturas e suas NFS-e' },
];

const number = new Intl.NumberFormat('pt-BR');
const n = (value: number) => number.format(value);

const changes = (report: ImportReport) =>
  report.arquivos.reduce(
    (sum, file) => sum + (file.contagem ? file.contagem.novos + file.contagem.alterados + file.contagem.removidos : 0),
    0,
  );

/** Whether confirming would write something: the validation found nothing that stops it, and something differs. */
export function canConfirm(report: ImportReport): boolean {
  return report.motivo === 'simulacao' && changes(report) > 0;
}

export function importFormPage(props: { context: PageContext; error?: string; gravarValidas?: boolean }): string {
  return render(
    <Page title="Importação" section="importacao" context={props.context}>
      <p>
        Envie os arquivos CSV exportados do sistema de gestão da associação. Primeiro eles são conferidos linha a linha, sem gravar nada;
        você vê o que mudaria e os problemas encontrados, e só então confirma a importação.
      </p>
      <h2>Arquivos aceitos</h2>
      <p>
        O formato de cada arquivo é reconhecido pelo nome (por exemplo <code>associados-2026.csv</code>) ou pela primeira linha, com os
        nomes das colunas. Codificação UTF-8 ou Windows-1252 (a do Excel), separador ponto e vírgula ou vírgula. As colunas e os valores
        aceitos estão descritos em <code>docs/importacao.md</code>, no repositório do Associa.
      </p>
      <ul>
        {FILES.map((file) => (
          <li key={file.kind}>
            <code>{`${file.kind}.csv`}</code>: {file.what}
          </li>
        ))}
      </ul>
      {props.error && (
        <Notice kind="error">
          <p>
            <a href="#arquivos">{props.error}</a>
          </p>
        </Notice>
      )}
      <PostForm action="/admin/importacao" csrfToken={props.context.csrfToken} enctype="multipart/form-data">
        <label for="arquivos">Arquivos CSV</label>
        <p class="hint" id="arquivos-dica">
          {`Escolha vários de uma vez: até ${MAX_FILES} arquivos, de até ${MAX_FILE_BYTES / (1024 * 1024)} MB cada.`}
        </p>
        <input
          id="arquivos"
          name={FILE_FIELD}
          type="file"
          multiple
          required
          accept=".csv,text/csv"
          aria-describedby={props.error ? 'arquivos-dica arquivos-erro' : 'arquivos-dica'}
          aria-invalid={props.error ? true : undefined}
        />
        {props.error && (
          <p class="hint" id="arquivos-erro" hidden>
            {props.error}
          </p>
        )}
        <label class="check">
          <input type="checkbox" name="gravar_validas" value="sim" checked={props.gravarValidas} aria-describedby="gravar-validas-dica" />
          Gravar só as linhas válidas
        </label>
        <p class="hint" id="gravar-validas-dica">
          Sem esta opção, um único erro impede a importação inteira. Com ela, as linhas com problemas ficam de fora e as demais podem ser
          gravadas.
        </p>
        <div class="actions">
          <button type="submit">Validar arquivos</button>
        </div>
      </PostForm>
    </Page>,
  );
}

const ENCODINGS = { 'utf-8': 'UTF-8', 'windows-1252': 'Windows-1252' } as const;
const SEPARATORS: Record<string, string> = { ';': 'ponto e vírgula', ',': 'vírgula' };

/** The separator as written, with its name for whoever does not see the character. */
function Separator(props: { value: string | null }) {
  if (!props.value) return <td>—</td>;
  return (
    <td>
      <code aria-hidden="true">{props.value}</code>
      <span class="visually-hidden">{SEPARATORS[props.value] ?? props.value}</span>
    </td>
  );
}

function Count(props: { value: number | undefined }) {
  return <td class="num">{props.value === undefined ? '—' : n(props.value)}</td>;
}

function FilesTable(props: { report: ImportReport }) {
  const what = props.report.gravado ? 'o que foi gravado' : 'o que seria gravado';
  return (
    <ListTable
      label="Arquivos"
      caption={`Por arquivo: ${what} e as linhas recusadas`}
      columns={['Arquivo', 'Formato', 'Codificação', 'Separador', 'Linhas', 'Novos', 'Alterados', 'Inalterados', 'Removidos', 'Recusadas']}
    >
      {props.report.arquivos.map((file, index) => (
        <tr key={index} data-arquivo={file.arquivo}>
          <td>
            <code>{file.arquivo}</code>
          </td>
          <td>{file.tipo ?? <span class="muted">desconhecido</span>}</td>
          <td class="nowrap">{file.codificacao ? ENCODINGS[file.codificacao] : '—'}</td>
          <Separator value={file.separador} />
          <Count value={file.linhas} />
          <Count value={file.contagem?.novos} />
          <Count value={file.contagem?.alterados} />
          <Count value={file.contagem?.inalterados} />
          <Count value={file.contagem?.removidos} />
          <Count value={file.recusadas} />
        </tr>
      ))}
    </ListTable>
  );
}

function Findings(props: { file: FileReport; index: number }) {
  const { file } = props;
  const rest = file.achadosTotal - file.achados.length;
  return (
    <section aria-labelledby={`achados-${props.index}`}>
      <h3 id={`achados-${props.index}`}>
        <code>{file.arquivo}</code>
        {`: ${n(file.achadosTotal)} ${file.achadosTotal === 1 ? 'problema' : 'problemas'}`}
      </h3>
      <ListTable
        label={`Problemas de ${file.arquivo}`}
        caption={rest > 0 ? `Os primeiros ${n(file.achados.length)}, por linha` : 'Por linha'}
        columns={['Linha', 'Coluna', 'Valor', 'Problema']}
      >
        {file.achados.map((finding, index) => (
          <tr key={index} data-achado="">
            <td>{finding.linha ? n(finding.linha) : '—'}</td>
            <td>{finding.coluna ?? '—'}</td>
            <td class="valor">{finding.valor ?? '—'}</td>
            <td>{finding.mensagem}</td>
          </tr>
        ))}
      </ListTable>
      {rest > 0 && <p class="muted">{`… e mais ${n(rest)} ${rest === 1 ? 'problema não listado' : 'problemas não listados'}.`}</p>}
    </section>
  );
}

/** Why the validation leaves nothing to confirm. */
function nothingToWrite(report: ImportReport, gravarValidas: boolean): string {
  if (report.motivo === 'arquivo_ilegivel')
    return 'Nada pode ser gravado: algum arquivo não pôde ser lido ou não teve o formato reconhecido. Corrija-o (ou deixe-o de fora) e envie os arquivos de novo.';
  if (report.motivo === 'erros')
    return 'Nada pode ser gravado: há problemas nos arquivos, listados abaixo. Corrija-os e envie de novo, ou envie de novo marcando “Gravar só as linhas válidas”.';
  return gravarValidas && report.arquivos.some((file) => file.recusadas > 0)
    ? 'Nada a gravar: as linhas válidas são iguais ao que o banco já tem.'
    : 'Nada a gravar: os arquivos são iguais ao que o banco já tem.';
}

/** What the lines with problems do: the option chosen, until the import is written; then what they did. */
function problemLines(upload: UploadRecord): string {
  const written = upload.confirmacao?.relatorio;
  if (!written?.gravado) return upload.gravarValidas ? 'ficam de fora; as demais são gravadas' : 'impedem a importação inteira';
  const refused = written.arquivos.reduce((sum, file) => sum + file.recusadas, 0);
  if (refused === 0) return 'nenhuma: todas as linhas foram gravadas';
  const which = refused === 1 ? 'linha ficou de fora (não foi gravada)' : 'linhas ficaram de fora (não foram gravadas)';
  return `${n(refused)} ${which}; as demais foram gravadas`;
}

function Outcome(props: { id: string; upload: UploadRecord; writing: boolean; csrfToken: string }) {
  const { upload } = props;
  const done = upload.confirmacao;
  if (done) {
    return done.relatorio.gravado ? (
      <Notice kind="ok">
        <h2>Importação gravada</h2>
        <p>
          {'Confirmada em '}
          <When at={new Date(done.em)} />
          {'. Os números abaixo são os da gravação.'}
        </p>
      </Notice>
    ) : (
      <Notice kind="error">
        <h2>Importação não gravada</h2>
        <p>{`Na confirmação, os arquivos já não passaram na validação: ${nothingToWrite(done.relatorio, upload.gravarValidas)}`}</p>
      </Notice>
    );
  }
  if (props.writing) {
    return (
      <Notice kind="warning">
        <p>A importação está sendo gravada. Recarregue a página em instantes para ver o resultado.</p>
      </Notice>
    );
  }
  if (!canConfirm(upload.validacao)) {
    return (
      <Notice kind="error">
        <p>{nothingToWrite(upload.validacao, upload.gravarValidas)}</p>
      </Notice>
    );
  }
  const refused = upload.validacao.arquivos.reduce((sum, file) => sum + file.recusadas, 0);
  return (
    <Notice kind="warning">
      <h2>Validação concluída: nada foi gravado ainda</h2>
      <p>
        {`Confira os números abaixo. Ao confirmar, estes mesmos arquivos são gravados no banco${
          refused > 0 ? `, menos ${n(refused)} ${refused === 1 ? 'linha recusada' : 'linhas recusadas'}` : ''
        }.`}
      </p>
      <PostForm action={`/admin/importacao/${props.id}/confirmar`} csrfToken={props.csrfToken}>
        <button type="submit">Confirmar importação</button>
      </PostForm>
    </Notice>
  );
}

export function importReportPage(props: { context: PageContext; id: string; upload: UploadRecord; writing: boolean }): string {
  const { upload } = props;
  const report = upload.confirmacao?.relatorio ?? upload.validacao;
  const withFindings = report.arquivos.map((file, index) => ({ file, index })).filter(({ file }) => file.achadosTotal > 0);
  return render(
    <Page
      title={upload.confirmacao?.relatorio.gravado ? 'Importação gravada' : 'Validação da importação'}
      section="importacao"
      context={props.context}
    >
      <dl class="facts">
        <dt>Enviada por</dt>
        <dd>
          {`${upload.adminEmail}, em `}
          <When at={new Date(upload.criadoEm)} />
        </dd>
        <dt>Linhas com problemas</dt>
        <dd>{problemLines(upload)}</dd>
      </dl>
      <Outcome id={props.id} upload={upload} writing={props.writing} csrfToken={props.context.csrfToken} />
      <h2>Arquivos</h2>
      <FilesTable report={report} />
      {report.ausentes && report.ausentes.total > 0 && (
        <p>{`Associados do banco que associados.csv não traz: ${n(report.ausentes.total)}.`}</p>
      )}
      <h2>Problemas encontrados</h2>
      {withFindings.length === 0 ? (
        <p id="sem-problemas">Nenhum: todas as linhas passaram na validação.</p>
      ) : (
        withFindings.map(({ file, index }) => <Findings key={index} file={file} index={index} />)
      )}
      <p class="actions">
        <a class="button secondary" href="/admin/importacao">
          Enviar outros arquivos
        </a>
      </p>
    </Page>,
  );
}
