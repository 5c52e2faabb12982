import type { ColumnType, Generated } from 'kysely';
import type {
  Categoria,
  CourseStatus,
  CourseType,
  CrmSituacao,
  ExamResult,
  ExamStatus,
  FormaPagamento,
  InvoiceKind,
  MemberStatus,
  Modalidade,
  StoredInvoiceStatus,
  TitleType,
} from '../domain/enums.js';
import type { Uf } from '../domain/uf.js';

/** Row types of the tables in `migrations/`, as both drivers return them (see `types.ts`). */

type Timestamp = ColumnType<Date, Date | string, Date | string>;
type DefaultTimestamp = ColumnType<Date, Date | string | undefined, Date | string>;
/** `YYYY-MM-DD` */
type DateString = string;
/** numeric(10,2) as a decimal string */
type Decimal = string;

export interface RegionalTable {
  codigo: string;
  nome: string;
  municipio: string;
}

export interface CategoriaTable {
  codigo: string;
  nome: string;
  isenta_anuidade: boolean;
  valor_anuidade: Decimal;
}

export interface EspecialidadeTable {
  codigo: string;
  nome: string;
  tipo: 'especialidade' | 'area_atuacao';
  requisitos: ColumnType<string[], string[] | undefined, string[]>;
}

export interface AssociadoTable {
  matricula: Generated<number>;
  nome: string;
  cpf: string;
  email: string;
  categoria: Categoria;
  status: MemberStatus;
  regional: string;
  data_admissao: DateString;
  criado_em: DefaultTimestamp;
  atualizado_em: DefaultTimestamp;
}

export interface CrmTable {
  associado: number;
  uf: Uf;
  numero: number;
  tipo: 'principal' | 'secundaria' | 'provisoria';
  situacao: CrmSituacao;
  principal: ColumnType<boolean, never, never>;
}

export interface AssociadoEspecialidadeTable {
  associado: number;
  especialidade: string;
  rqe: string;
  uf: Uf;
}

export interface TituloTable {
  id: Generated<number>;
  associado: number;
  tipo: TitleType;
  especialidade: string;
  numero: string;
  ano: number;
}

export interface CursoTable {
  id: Generated<number>;
  slug: string;
  titulo: string;
  tipo: CourseType;
  modalidade: Modalidade;
  resumo: string;
  cidade: string | null;
  uf: Uf | null;
  endereco: string | null;
  data_inicio: DateString;
  data_fim: DateString;
  carga_horaria: number;
  pontos_cna: number;
  inscricao_inicio: Timestamp;
  inscricao_fim: Timestamp;
  vagas: number | null;
  inscritos: Generated<number>;
  url_inscricao: string;
  status: CourseStatus;
  regional: string | null;
  criado_em: DefaultTimestamp;
  atualizado_em: DefaultTimestamp;
}

export interface CursoPrecoTable {
  curso: number;
  categoria: Categoria;
  valor: Decimal;
}

export interface FaturaTable {
  id: Generated<number>;
  numero: string;
  kind: InvoiceKind;
  descricao: string;
  associado: number;
  ano_referencia: number | null;
  curso_id: number | null;
  /** The exam of an exam fee (`taxa_prova`; migration 0031). */
  prova_id: ColumnType<number | null, number | null | undefined, number | null>;
  valor: Decimal;
  vencimento: DateString;
  status: StoredInvoiceStatus;
  /** Open and past due when last marked (src/db/overdue-marks.ts); a hint for list queries only. */
  vencida: Generated<boolean>;
  pago_em: Timestamp | null;
  valor_pago: Decimal | null;
  forma_pagamento: FormaPagamento | null;
  transacao_id: string | null;
  nfse_numero: string | null;
  nfse_codigo_verificacao: string | null;
  nfse_emitida_em: Timestamp | null;
  nfse_municipio: string | null;
  cancelado_em: Timestamp | null;
  reembolsado_em: Timestamp | null;
  criado_em: DefaultTimestamp;
  atualizado_em: DefaultTimestamp;
}

export interface EmailSaidaTable {
  id: Generated<number>;
  para: string;
  assunto: string;
  corpo: string;
  associado: number | null;
  fatura: number | null;
  criado_em: DefaultTimestamp;
}

export interface AdminUsuarioTable {
  id: Generated<number>;
  email: string;
  senha_hash: string;
  criado_em: DefaultTimestamp;
  ultimo_login_em: Timestamp | null;
}

export interface ApiTokenTable {
  id: Generated<number>;
  nome: string;
  prefixo: string;
  hash: Buffer;
  scopes: string[];
  regional: string | null;
  limite_por_minuto: number | null;
  limite_cpf_sem_resultado_minuto: number | null;
  limite_cpf_sem_resultado_dia: number | null;
  limite_simultaneas: number | null;
  criado_por: string;
  criado_em: DefaultTimestamp;
  expira_em: Timestamp;
  ultimo_uso_em: Timestamp | null;
  revogado_em: Timestamp | null;
  rotacionado_em: Timestamp | null;
}

export interface AuditoriaTable {
  id: Generated<number>;
  ocorrido_em: Timestamp;
  /** `webhook`: a delivery attempt, which carries members' data like a read; `cli`: a change made with the command line. */
  origem: 'api' | 'admin' | 'webhook' | 'cli';
  token_id: number | null;
  admin_id: number | null;
  metodo: string;
  rota: string;
  status: number;
  /** The server's own id of the request. */
  request_id: string;
  /** The client's X-Request-Id, when it was safe to keep. */
  request_id_cliente: string | null;
  ip: string | null;
  matriculas: ColumnType<number[], number[] | undefined, number[]>;
  detalhe: string | null;
  /** Requests the row stands for: more than one for an aggregated burst of refusals. */
  quantidade: ColumnType<number, number | undefined, number>;
  alerta: ColumnType<boolean, boolean | undefined, boolean>;
  /** Who ran the command of a `cli` row (migration 0029). */
  operador: ColumnType<string | null, string | null | undefined, string | null>;
}

/** Lookups by CPF that found nothing in a token's current windows (migration 0010, src/db/cpf-lookup-counts.ts). */
export interface ConsultaCpfSemResultadoTable {
  token_id: number;
  minuto_desde: Timestamp;
  no_minuto: number;
  dia_desde: Timestamp;
  no_dia: number;
}

/** A token's use in one minute, added up by every instance (migration 0014, src/audit/token-use.ts). */
export interface UsoTokenMinutoTable {
  token_id: number;
  minuto: Timestamp;
  requisicoes: number;
  cpf_sem_resultado: number;
  recusadas: number;
  limitadas: Generated<number>;
}

export interface UsoTokenHoraTable {
  token_id: number;
  hora: Timestamp;
  rota: string;
  requisicoes: number;
  erros: number;
  recusadas: number;
  /** Of `recusadas`, those refused for too many requests in flight at once (migration 0028). */
  simultaneas: Generated<number>;
}

export interface AdminSessaoTable {
  id_hash: string;
  admin_id: number | null;
  dados: ColumnType<unknown, string, string>;
  expira_em: Timestamp;
}

export interface NfseSequenciaTable {
  municipio: string;
  ultimo_numero: number;
}

export interface ChaveServicoTable {
  nome: string;
  valor: string;
  criado_em: DefaultTimestamp;
}

/** A change, captured by the database's triggers (migration 0015); numbered in commit order by src/events/sequencer.ts. */
export interface EventoTable {
  id: Generated<number>;
  chave: Generated<string>;
  tipo: string;
  ocorrido_em: DefaultTimestamp;
  sequencia: number | null;
  matricula: number | null;
  regional: string | null;
  dados: ColumnType<Record<string, unknown>, string, string>;
}

/** A token's webhook endpoint (migration 0016); its secrets sealed by src/events/secrets.ts. */
export interface WebhookEndpointTable {
  id: Generated<number>;
  token_id: number;
  url: string;
  tipos: string[];
  segredo: Buffer;
  segredo_anterior: Buffer | null;
  segredo_anterior_ate: Timestamp | null;
  ativo: Generated<boolean>;
  desativado_em: Timestamp | null;
  motivo_desativacao: string | null;
  falhando_desde: Timestamp | null;
  criado_por: string;
  criado_em: DefaultTimestamp;
}

export type DeliveryState = 'pendente' | 'entregue' | 'falhou' | 'cancelada';

export interface WebhookEntregaTable {
  id: Generated<number>;
  endpoint: number;
  evento: number;
  estado: ColumnType<DeliveryState, DeliveryState | undefined, DeliveryState>;
  tentativas: Generated<number>;
  proxima_em: Timestamp | null;
  criado_em: DefaultTimestamp;
  concluida_em: Timestamp | null;
}

export interface WebhookTentativaTable {
  id: Generated<number>;
  entrega: number;
  numero: number;
  iniciada_em: Timestamp;
  status_http: number | null;
  latencia_ms: number;
  erro: string | null;
  resposta: string | null;
}

/** A título exam (migration 0031, API-DESIGN §14). */
export interface ProvaTable {
  id: Generated<number>;
  codigo: string;
  tipo_titulo: TitleType;
  especialidade: string;
  data: DateString;
  status: ExamStatus;
  /** The títulos granted so far: the next is numbered after them. */
  titulos_emitidos: Generated<number>;
  criado_em: DefaultTimestamp;
  atualizado_em: DefaultTimestamp;
}

/** A member's result in an exam; an approval holds the título it granted. */
export interface ProvaResultadoTable {
  prova: number;
  associado: number;
  resultado: ExamResult;
  /** numeric(4,2) as a decimal string; null only for `ausente`. */
  nota: Decimal | null;
  titulo_id: number | null;
  /** The token that wrote it; null: written by an administrator or the import. */
  token_id: number | null;
  /** 1 when written, one more at each correction: the result's ETag. */
  versao: Generated<number>;
  registrado_em: DefaultTimestamp;
  atualizado_em: DefaultTimestamp;
}

/** The first answer to a token's Idempotency-Key, kept 24 h. */
export interface ChaveIdempotenciaTable {
  token_id: number;
  chave: string;
  resumo: Buffer;
  status: number;
  resposta: string;
  criado_em: DefaultTimestamp;
}

export interface Schema {
  chave_servico: ChaveServicoTable;
  regional: RegionalTable;
  categoria: CategoriaTable;
  especialidade: EspecialidadeTable;
  associado: AssociadoTable;
  crm: CrmTable;
  associado_especialidade: AssociadoEspecialidadeTable;
  titulo: TituloTable;
  curso: CursoTable;
  curso_preco: CursoPrecoTable;
  fatura: FaturaTable;
  email_saida: EmailSaidaTable;
  admin_usuario: AdminUsuarioTable;
  api_token: ApiTokenTable;
  auditoria: AuditoriaTable;
  consulta_cpf_sem_resultado: ConsultaCpfSemResultadoTable;
  uso_token_minuto: UsoTokenMinutoTable;
  uso_token_hora: UsoTokenHoraTable;
  admin_sessao: AdminSessaoTable;
  nfse_sequencia: NfseSequenciaTable;
  evento: EventoTable;
  webhook_endpoint: WebhookEndpointTable;
  webhook_entrega: WebhookEntregaTable;
  webhook_tentativa: WebhookTentativaTable;
  prova: ProvaTable;
  prova_resultado: ProvaResultadoTable;
  chave_idempotencia: ChaveIdempotenciaTable;
}
