import type { FastifyRequest } from 'fastify';
import { requestTrace } from '../observability/request-id.js';
import type { Actor } from '../operations/actor.js';

/** The administrator signed in to the admin area, acting through `request`. */
export function adminActor(request: FastifyRequest): Actor {
  return {
    kind: 'admin',
    adminId: request.session.adminId ?? null,
    email: request.session.adminEmail ?? null,
    request: requestTrace(request),
  };
}
