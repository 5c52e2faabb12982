import { MemberListItemSchema, MemberRecordSchema, SituacaoSchema } from './associados/associados.schemas.js';
import { SituacaoNoLoteSchema } from './associados/situacoes.schemas.js';
import { ProblemSchema } from './common.schemas.js';
import { CourseSchema } from './cursos/cursos.schemas.js';
import { EventoSchema } from './eventos/eventos.schemas.js';
import { InvoiceSchema } from './faturas/faturas.schemas.js';
import { CandidatoSchema, ProvaSchema, ResultadoSchema, ResultadosEnviadosSchema } from './provas/provas.schemas.js';

/**
 * The API's named schemas: registered once (app.addSchema) and referenced by $id from the operations, they
 * are the components of the OpenAPI document. An app that serialises with the resources' schemas registers them.
 */
export const API_SCHEMAS = [
  MemberListItemSchema,
  MemberRecordSchema,
  SituacaoSchema,
  SituacaoNoLoteSchema,
  CourseSchema,
  InvoiceSchema,
  EventoSchema,
  ProvaSchema,
  CandidatoSchema,
  ResultadoSchema,
  ResultadosEnviadosSchema,
  ProblemSchema,
];
