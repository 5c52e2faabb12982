import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { createAdminUser } from '../../src/admin/admin-users.js';

export const ADMIN_EMAIL = 'secretaria@associa.example';
export const ADMIN_PASSWORD = 'senha-de-teste-longa';

/** The value of the hidden CSRF field of the first form in a page. */
export function csrfOf(html: string): string {
  const token = /name="_csrf" value="([^"]+)"/.exec(html)?.[1];
  if (!token) throw new Error('the page has no CSRF field');
  return token;
}

/** A browser-like administrator over inject: keeps the session cookie and posts forms with their CSRF token. */
export class AdminAgent {
  private cookie = '';

  /** `remoteAddress`: the client address its requests come from (inject's default otherwise). */
  constructor(
    private readonly app: FastifyInstance,
    private readonly remoteAddress?: string,
  ) {}

  get sessionCookie(): string {
    return this.cookie;
  }

  private remember(response: LightMyRequestResponse): LightMyRequestResponse {
    const session = response.cookies.find((cookie) => cookie.name === 'associa_admin');
    if (session) this.cookie = session.value && session.maxAge !== 0 ? `associa_admin=${session.value}` : '';
    return response;
  }

  async get(url: string): Promise<LightMyRequestResponse> {
    return this.remember(
      await this.app.inject({ url, remoteAddress: this.remoteAddress, headers: this.cookie ? { cookie: this.cookie } : {} }),
    );
  }

  /** Posts a form as-is: `_csrf` must be in `fields` if the test wants one. */
  async postRaw(url: string, fields: Record<string, string | string[]>): Promise<LightMyRequestResponse> {
    const body = new URLSearchParams();
    for (const [name, value] of Object.entries(fields)) for (const item of [value].flat()) body.append(name, item);
    return this.remember(
      await this.app.inject({
        method: 'POST',
        url,
        remoteAddress: this.remoteAddress,
        payload: body.toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...(this.cookie ? { cookie: this.cookie } : {}) },
      }),
    );
  }

  /** Opens `formPage` for its CSRF token, then posts `fields` to `url`, as a person filling the form would. */
  async submit(formPage: string, url: string, fields: Record<string, string | string[]>): Promise<LightMyRequestResponse> {
    const page = await this.get(formPage);
    return this.postRaw(url, { _csrf: csrfOf(page.body), ...fields });
  }

  async login(email = ADMIN_EMAIL, password = ADMIN_PASSWORD): Promise<LightMyRequestResponse> {
    return this.submit('/admin/entrar', '/admin/entrar', { email, senha: password });
  }
}

export async function createTestAdmin(app: FastifyInstance): Promise<number> {
  return createAdminUser(app.database.db, ADMIN_EMAIL, ADMIN_PASSWORD);
}

/** Every route of the app as [method, path], read from Fastify's route tree. */
export function allRoutes(app: FastifyInstance): { method: string; path: string }[] {
  const routes: { method: string; path: string }[] = [];
  const stack: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^([│ ]*)[├└]── (\S+) \(([^)]+)\)$/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    stack.length = depth;
    stack.push(match[2]!);
    for (const method of match[3]!.split(', ')) routes.push({ method, path: stack.join('') });
  }
  return routes;
}
