import { EXPIRY_WARNING_DAYS } from '../../tokens/token-expiry.js';

const CONDITION = `o token está em carência de rotação ou expira em até ${EXPIRY_WARNING_DAYS} dias`;

const HEADERS = {
  Deprecation: {
    type: 'string',
    maxLength: 30,
    pattern: '^@-?[0-9]+$',
    examples: ['@1767225600'],
    description:
      `Presente quando ${CONDITION} (RFC 9745): desde quando, em segundos desde 1970 — a rotação, ou o início dos ${EXPIRY_WARNING_DAYS} dias finais. ` +
      'Peça um novo token ao administrador antes de `Sunset`.',
  },
  Sunset: {
    type: 'string',
    maxLength: 30,
    pattern: '^[A-Z][a-z]{2}, [0-9]{2} [A-Z][a-z]{2} [0-9]{4} [0-9]{2}:[0-9]{2}:[0-9]{2} GMT$',
    examples: ['Fri, 16 Jan 2026 12:00:00 GMT'],
    description: `Presente quando ${CONDITION} (RFC 8594): quando o token deixa de ser aceito, como data HTTP.`,
  },
  Link: {
    type: 'string',
    maxLength: 2000,
    pattern: '^<[^>]+>',
    examples: ['<http://127.0.0.1:3000/admin/integracoes#token-3>; rel="deprecation"; type="text/html"'],
    description: `Com \`rel="deprecation"\`, quando ${CONDITION}: a página do token na área administrativa (seção Integrações).`,
  },
};

interface ResponseDeclaration {
  headers?: Record<string, { description?: string }>;
  [keyword: string]: unknown;
}

/** Refused before the token is known, so never warned. */
const UNWARNED = new Set(['401', '406']);

/**
 * An authenticated operation's responses, with the warning headers of a token going away (src/auth/token-warning.ts)
 * declared on those that can carry them; a `Link` the operation declares already (the next page) is described as holding both.
 */
export function declareTokenWarning(responses: Record<string, ResponseDeclaration>): Record<string, ResponseDeclaration> {
  return Object.fromEntries(
    Object.entries(responses).map(([status, response]) => {
      if (UNWARNED.has(status)) return [status, response];
      const link = response.headers?.Link;
      return [
        status,
        {
          ...response,
          headers: {
            ...response.headers,
            ...HEADERS,
            Link: link ? { ...link, description: `${link.description} ${HEADERS.Link.description}` } : HEADERS.Link,
          },
        },
      ];
    }),
  );
}
