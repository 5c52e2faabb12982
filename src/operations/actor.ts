import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Schema } from '../db/schema.js';

/** The request an administrator acted through, as the audit trail records it. */
export interface RequestTrace {
  method: string;
  route: string;
  requestId: string;
  clientRequestId: string | null;
  ip: string | null;
}

/**
 * Who makes a change: an administrator signed in to the admin area, an operator at the command line (the name
 * given with `--operator`, or the login name and host), or an integration through the API with its token. Each
 * operation takes one and leaves the same trail whoever it is.
 */
export type Actor =
  | { kind: 'admin'; adminId: number | null; email: string | null; request: RequestTrace }
  | { kind: 'cli'; operator: string; command: string }
  | { kind: 'token'; tokenId: number; request: RequestTrace };

/** The actor as the rows it creates name it (`criado_por`, a webhook's `desativado por`). */
export function actorName(actor: Actor): string {
  if (actor.kind === 'admin') return actor.email ?? 'administração';
  return actor.kind === 'cli' ? `cli:${actor.operator}` : `token:${actor.tokenId}`;
}

/** What an operation did, for the trail: a sentence in Portuguese, the members it touched, and its outcome (200: done). */
export interface Change {
  detalhe: string;
  matriculas?: number[];
  status?: number;
}

/**
 * Writes the audit row of `change`, made by `actor`, in the operation's own transaction: the change and its row are
 * kept together or not at all, so no change is ever without its trail.
 */
export async function audit(tx: Kysely<Schema>, actor: Actor, change: Change): Promise<void> {
  const common = {
    ocorrido_em: new Date(),
    token_id: null,
    status: change.status ?? 200,
    matriculas: change.matriculas ?? [],
    detalhe: change.detalhe,
  };
  const request = (trace: RequestTrace) => ({
    metodo: trace.method,
    rota: trace.route,
    request_id: trace.requestId,
    request_id_cliente: trace.clientRequestId,
    ip: trace.ip,
  });
  await tx
    .insertInto('auditoria')
    .values(
      actor.kind === 'admin'
        ? { ...common, origem: 'admin', admin_id: actor.adminId, ...request(actor.request) }
        : actor.kind === 'token'
          ? { ...common, origem: 'api', token_id: actor.tokenId, admin_id: null, ...request(actor.request) }
          : {
              ...common,
              origem: 'cli',
              admin_id: null,
              metodo: 'CLI',
              rota: actor.command,
              request_id: randomUUID(),
              request_id_cliente: null,
              ip: null,
              operador: actor.operator,
            },
    )
    .execute();
}
