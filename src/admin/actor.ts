import type { FastifyRequest } from 'fastify';
import type { Actor } from '../operations/actor.js';

/** The administrator signed in to the admin area, acting through `request`. */
export function adminActor(request: FastifyRequest): Actor {
  return {
    kind: 'admin',
    adminId: request.session.adminId ?? null,
    email: request.session.adminEmail ?? null,
    request: {
      method: request.method,
      route: request.routeOptions.url ?? request.url.split('?')[0]!,
      requestId: request.id,
      clientRequestId: request.clientRequestId,
      ip: request.ip,
    },
  };
}
