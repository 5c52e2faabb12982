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
 * Who makes a change: an administrator signed in to the admin area, or an operator at the command line (the name
 * given with `--operator`, or the login name and host). Each operation takes one and leaves the same trail whoever it is.
 */
export type Actor =
  | { kind: 'admin'; adminId: number | null; email: string | null; request: RequestTrace }
  | { kind: 'cli'; operator: string; command: string };

/** The actor as the rows it creates name it (`criado_por`, a webhook's `desativado por`). */
export function actorName(actor: Actor): string {
  return actor.kind === 'admin' ? (actor.email ?? 'administração') : `cli:${actor.operator}`;
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
  await tx
    .insertInto('auditoria')
    .values(
      actor.kind === 'admin'
        ? {
            ...common,
            origem: 'admin',
            admin_id: actor.adminId,
            metodo: actor.request.method,
            rota: actor.request.route,
            request_id: actor.request.requestId,
            request_id_cliente: actor.request.clientRequestId,
            ip: actor.request.ip,
          }
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
