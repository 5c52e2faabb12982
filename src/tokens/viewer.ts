import { formatCpf, maskCpf } from '../domain/cpf.js';

/**
 * Who is asking, as handlers need to know it: the token, what it may do, the branch it is restricted to and
 * whether it sees CPFs whole. Derived once when a token is looked up, not at every request.
 */
export interface Viewer {
  readonly tokenId: number;
  readonly tokenName: string;
  readonly scopes: readonly string[];
  /** The regional branch the token is restricted to (API-DESIGN §3), or null for every branch. */
  readonly regional: string | null;
  /** Whether CPFs are shown whole (`associados:cpf`) rather than masked. */
  readonly seesCpf: boolean;
}

export function viewerOf(token: { id: number; nome: string; scopes: readonly string[]; regional: string | null }): Viewer {
  return {
    tokenId: token.id,
    tokenName: token.nome,
    scopes: token.scopes,
    regional: token.regional,
    seesCpf: token.scopes.includes('associados:cpf'),
  };
}

/** The CPF as `viewer` may see it: whole with `associados:cpf`, masked otherwise. */
export function cpfFor(viewer: Viewer | null, cpf: string): string {
  return viewer?.seesCpf ? formatCpf(cpf) : maskCpf(cpf);
}
