import { type Command, InvalidArgumentError } from 'commander';
import { isCalendarDate, parseTimestamp, startOfBusinessDay } from '../domain/dates.js';
import { EVENT_TYPE_NAMES } from '../events/event-types.js';
import { openSecretBox } from '../events/secrets.js';
import { WebhookPoster } from '../events/webhook-post.js';
import { findEndpoint, listDeliveries, listEndpoints } from '../events/webhooks.queries.js';
import { Refused } from '../operations/refused.js';
import {
  addEndpoint,
  disableEndpoint,
  enableEndpoint,
  redeliverOne,
  redeliverSince,
  rotateEndpointSecret,
  testEndpoint,
  type EndpointReason,
} from '../operations/webhook-endpoints.js';
import type { Database } from '../db/connection.js';
import { cliActor } from './operator.js';
import { positiveInteger } from './options.js';
import { UsageError, withDatabase } from './usage.js';
import { getToken } from '../tokens/tokens.queries.js';

const usage = (message: string) => new UsageError(message);

/** An instant as `--since` takes it: RFC 3339 with a zone, or a date (the start of that São Paulo day). */
function instant(value: string): Date {
  const parsed = parseTimestamp(value) ?? (isCalendarDate(value) ? startOfBusinessDay(value) : null);
  if (!parsed) throw new InvalidArgumentError('expected a date (2026-11-28) or an instant with its zone (2026-11-28T14:00:00-03:00).');
  return parsed;
}

function typeList(value: string): string[] {
  return value
    .split(',')
    .map((type) => type.trim())
    .filter(Boolean);
}

/** A reason an endpoint was not added, as the command line says it. */
function reasonText(reason: EndpointReason): string {
  switch (reason.rule) {
    case 'token_inactive':
      return `No active token has id ${reason.tokenId}.`;
    case 'unknown_types':
      return `Unknown event type ${reason.types.join(', ')}; the types are ${EVENT_TYPE_NAMES.join(', ')}.`;
    case 'hidden_types':
      return `Token ${reason.tokenId} cannot see ${reason.types.join(', ')} (its scopes: ${reason.scopes.join(', ')}).`;
    case 'no_types':
      return `Token ${reason.tokenId} can see no event type (its scopes: ${reason.scopes.join(', ')}).`;
    case 'url':
      return `--url: ${reason.problem}.`;
  }
}

/** `associa webhook …`: what Integrações does with webhooks (API-DESIGN §13), for the association's IT. */
export function addWebhookCommands(program: Command): void {
  const webhook = program.command('webhook').description("manage tokens' webhook endpoints and their deliveries");

  const endpointOf = async (database: Database, id: number) => {
    const endpoint = await findEndpoint(database.db, id);
    if (!endpoint) throw usage(`No webhook endpoint has id ${id}.`);
    return endpoint;
  };

  webhook
    .command('list')
    .description('list endpoints, all or of one token')
    .option('--token <id>', 'only this token’s', positiveInteger('--token'))
    .option('--json', 'print JSON', false)
    .action((options: { token?: number; json: boolean }) =>
      withDatabase(async (database) => {
        const rows = await listEndpoints(database.db, options.token);
        if (options.json) {
          console.log(
            JSON.stringify(
              rows.map((row) => ({
                id: row.id,
                token_id: row.token_id,
                token_name: row.token_nome,
                url: row.url,
                types: row.tipos,
                active: row.ativo,
                disabled_at: row.desativado_em?.toISOString() ?? null,
                disabled_because: row.motivo_desativacao,
                failing_since: row.falhando_desde?.toISOString() ?? null,
                created_by: row.criado_por,
                created_at: row.criado_em.toISOString(),
              })),
            ),
          );
          return;
        }
        if (rows.length === 0) console.log('No webhook endpoints.');
        for (const row of rows) {
          console.log(
            [
              row.id,
              row.ativo ? 'active' : `disabled (${row.motivo_desativacao ?? ''})`,
              `token ${row.token_id} "${row.token_nome}"`,
              row.url,
              row.tipos.join(','),
              row.falhando_desde ? `failing since ${row.falhando_desde.toISOString()}` : '',
            ]
              .filter(Boolean)
              .join('\t'),
          );
        }
      }),
    );

  webhook
    .command('add')
    .description('add an endpoint to a token and print its signing secret (shown only once)')
    .requiredOption('--token <id>', 'the token whose events it receives (see `associa token list`)', positiveInteger('--token'))
    .requiredOption('--url <url>', 'where to POST the events (https:// in production)')
    .option(
      '--types <list>',
      `comma-separated types, or prefixes like fatura.* (default: all the token may see): ${EVENT_TYPE_NAMES.join(', ')}`,
      typeList,
    )
    .option('--json', 'print a JSON object', false)
    .action((options: { token: number; url: string; types?: string[]; json: boolean }, command: Command) =>
      withDatabase(async (database, config) => {
        const token = await getToken(database.db, options.token);
        if (!token) throw usage(`No active token has id ${options.token}.`);
        const box = await openSecretBox(config.webhooks.secretsKey, database.db);
        const policy = { production: config.production, allowedHosts: config.webhooks.allowedHosts };
        const request = { token, url: options.url, types: options.types ?? 'all' } as const;
        let created;
        try {
          created = await addEndpoint(database.db, box, policy, cliActor(command), request);
        } catch (error) {
          // The first reason, on one line.
          if (error instanceof Refused) throw usage(reasonText((error.reasons as EndpointReason[])[0]!));
          throw error;
        }
        const { url, types } = created;
        if (options.json) {
          console.log(JSON.stringify({ id: created.id, token_id: token.id, url, types, secret: created.secret }));
          return;
        }
        console.log(`Webhook endpoint ${created.id} of token ${token.id} "${token.nome}": ${url}`);
        console.log(`Types: ${types.join(', ')}`);
        console.log(`Signing secret (shown only once; the receiver verifies webhook-signature with it):\n${created.secret}`);
      }),
    );

  webhook
    .command('disable')
    .description('disable an endpoint: it receives nothing, and its pending deliveries are cancelled')
    .argument('<id>', 'the endpoint id (see `associa webhook list`)', positiveInteger('id'))
    .action((id: number, _options: unknown, command: Command) =>
      withDatabase(async (database) => {
        await endpointOf(database, id);
        if (!(await disableEndpoint(database.db, cliActor(command), id))) throw usage(`Endpoint ${id} is already disabled.`);
        console.log(`Endpoint ${id} disabled.`);
      }),
    );

  webhook
    .command('enable')
    .description('enable a disabled endpoint (then `redeliver --since` what it missed)')
    .argument('<id>', 'the endpoint id', positiveInteger('id'))
    .action((id: number, _options: unknown, command: Command) =>
      withDatabase(async (database) => {
        await endpointOf(database, id);
        if (!(await enableEndpoint(database.db, cliActor(command), id))) throw usage(`Endpoint ${id} is already enabled.`);
        console.log(`Endpoint ${id} enabled.`);
      }),
    );

  webhook
    .command('rotate-secret')
    .description('give an endpoint a new signing secret; the old one keeps signing beside it for 24 hours')
    .argument('<id>', 'the endpoint id', positiveInteger('id'))
    .action((id: number, _options: unknown, command: Command) =>
      withDatabase(async (database, config) => {
        await endpointOf(database, id);
        const box = await openSecretBox(config.webhooks.secretsKey, database.db);
        const rotated = (await rotateEndpointSecret(database.db, box, cliActor(command), id))!;
        console.log(`New signing secret of endpoint ${id} (shown only once):\n${rotated.secret}`);
        console.log(`The previous secret signs too until ${rotated.previousUntil.toISOString()}.`);
      }),
    );

  webhook
    .command('test')
    .description('send a test event (type webhook.teste) to an endpoint now, and print how the receiver answered')
    .argument('<id>', 'the endpoint id', positiveInteger('id'))
    .action((id: number, _options: unknown, command: Command) =>
      withDatabase(async (database, config) => {
        const endpoint = await endpointOf(database, id);
        const poster = new WebhookPoster({ production: config.production, allowedHosts: config.webhooks.allowedHosts });
        try {
          const box = await openSecretBox(config.webhooks.secretsKey, database.db);
          const result = await testEndpoint({ db: database.db, box, poster }, cliActor(command), endpoint);
          if (result.status === undefined) throw usage(`No answer from ${endpoint.url}: ${result.error ?? 'error'}.`);
          console.log(`${endpoint.url} answered ${result.status} in ${result.latencyMs} ms (event ${result.id}).`);
          if (result.error || result.status < 200 || result.status >= 300)
            throw usage(result.error ?? `The receiver answered ${result.status}, not a 2xx.`);
        } finally {
          poster.close();
        }
      }),
    );

  webhook
    .command('deliveries')
    .description("an endpoint's deliveries of the last 30 days, newest first, each with its last attempt")
    .argument('<id>', 'the endpoint id', positiveInteger('id'))
    .option('--limit <n>', 'how many', positiveInteger('--limit', 10_000), 50)
    .option('--json', 'print JSON', false)
    .action((id: number, options: { limit: number; json: boolean }) =>
      withDatabase(async (database) => {
        await endpointOf(database, id);
        const rows = await listDeliveries(database.db, id, options.limit);
        if (options.json) {
          console.log(
            JSON.stringify(
              rows.map((row) => ({
                id: row.id,
                event: row.chave,
                type: row.tipo,
                sequencia: row.sequencia,
                state: row.estado,
                attempts: row.tentativas,
                next_attempt_at: row.estado === 'pendente' ? (row.proxima_em?.toISOString() ?? null) : null,
                last_status: row.status_http,
                last_latency_ms: row.latencia_ms,
                last_error: row.erro,
                last_response: row.resposta,
              })),
            ),
          );
          return;
        }
        if (rows.length === 0) console.log('No deliveries in the last 30 days.');
        for (const row of rows) {
          console.log(
            [
              row.id,
              row.estado,
              row.tipo,
              row.chave,
              `${row.tentativas} attempt(s)`,
              row.iniciada_em ? `last: ${row.status_http ?? 'no answer'} in ${row.latencia_ms} ms${row.erro ? ` (${row.erro})` : ''}` : '',
              row.estado === 'pendente' && row.proxima_em ? `next ${row.proxima_em.toISOString()}` : '',
            ]
              .filter(Boolean)
              .join('\t'),
          );
        }
      }),
    );

  webhook
    .command('redeliver')
    .description('send again one delivery (--delivery), or every delivery that failed or was cancelled since a time (--since)')
    .argument('<id>', 'the endpoint id', positiveInteger('id'))
    .option('--delivery <id>', 'one delivery (see `associa webhook deliveries`)', positiveInteger('--delivery'))
    .option('--since <when>', 'a date (2026-11-28) or an instant (2026-11-28T14:00:00-03:00)', instant)
    .action((id: number, options: { delivery?: number; since?: Date }, command: Command) =>
      withDatabase(async (database) => {
        await endpointOf(database, id);
        if ((options.delivery === undefined) === (options.since === undefined)) throw usage('Give either --delivery or --since.');
        const actor = cliActor(command);
        if (options.delivery !== undefined) {
          if (!(await redeliverOne(database.db, actor, id, options.delivery)))
            throw usage(`Endpoint ${id} has no delivery ${options.delivery}.`);
          console.log(`Delivery ${options.delivery} will be sent again within a second by a running instance.`);
          return;
        }
        const count = await redeliverSince(database.db, actor, id, options.since!);
        console.log(`${count} delivery(ies) since ${options.since!.toISOString()} will be sent again by a running instance.`);
      }),
    );
}
