import type { Kysely } from 'kysely';
import type { AuditWriter } from '../audit/audit-writer.js';
import type { Schema } from '../db/schema.js';
import type { BackgroundShare } from '../db/background-share.js';
import { toEnvelope } from './envelope.js';
import { signingSecrets, type SecretBox } from './secrets.js';
import { webhookHeaders } from './signature.js';
import { ATTEMPT_TIMEOUT_MS, type PostResult, type WebhookPoster } from './webhook-post.js';
import { claimDeliveries, disableEndpoint, recordAttempt, type ClaimedDelivery } from './webhooks.queries.js';

/** Attempts in flight per instance. */
const CONCURRENCY = 32;
/** A taken delivery is due again after this: past the attempt's deadline, with room for recording its outcome. */
const LEASE_MS = ATTEMPT_TIMEOUT_MS * 3;
/** Delivering this long without a pause, while requests are served, gives them their share before it takes more. */
const SLICE_MS = 50;

export interface DelivererOptions {
  /** The waits before each retry, in milliseconds (API-DESIGN §13: 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 14 h, 20 h, 24 h). */
  retrySchedule: readonly number[];
  /** An endpoint failing this long without a success is disabled, and the administrators e-mailed. */
  disableAfterMs: number;
  /** Given its share after each slice of delivering; absent, nothing waits. */
  share?: BackgroundShare;
}

export interface DelivererEvents {
  onError(error: unknown): void;
  /** After each attempt: whether it succeeded, and the time from the change to this attempt's end. */
  onAttempt(ok: boolean, lagMs: number): void;
  onDisabled(endpoint: number, reason: string): void;
}

/** The wait before retry `n` (1-based), with ±10 % of jitter so that a receiver's backlog does not return all at once. */
export function retryDelay(schedule: readonly number[], n: number, random = Math.random): number | null {
  const base = schedule[n - 1];
  return base === undefined ? null : Math.round(base * (0.9 + 0.2 * random()));
}

/**
 * Sends due webhook deliveries, at least once each: takes up to CONCURRENCY at a time from the database
 * (src/events/webhooks.queries.ts), posts them signed, records each attempt with its audit row, and schedules
 * the retry or gives up by the schedule. A 410 disables the endpoint at once; failing for `disableAfterMs` does too.
 */
export class Deliverer {
  private inFlight = 0;
  private taking: Promise<void> | null = null;
  private stopped = false;
  private readonly attempts = new Set<Promise<void>>();
  /** Since when deliveries have been taken without a pause; null while none is in flight. */
  private busySince: number | null = null;

  constructor(
    private readonly db: Kysely<Schema>,
    private readonly box: SecretBox,
    private readonly poster: WebhookPoster,
    private readonly audit: AuditWriter,
    private readonly options: DelivererOptions,
    private readonly events: DelivererEvents,
  ) {}

  /** Takes what is due while there is room; resolves once this round's deliveries are taken (not sent). */
  pump(): Promise<void> {
    this.taking ??= this.take().finally(() => {
      this.taking = null;
    });
    return this.taking;
  }

  private async take(): Promise<void> {
    while (!this.stopped && this.inFlight < CONCURRENCY) {
      await this.giveShare();
      const room = CONCURRENCY - this.inFlight;
      let claimed: ClaimedDelivery[];
      try {
        claimed = await claimDeliveries(this.db, room, LEASE_MS);
      } catch (error) {
        this.events.onError(error);
        return;
      }
      if (claimed.length === 0 && this.inFlight === 0) this.busySince = null;
      for (const delivery of claimed) {
        this.inFlight += 1;
        const attempt = this.attempt(delivery)
          .catch((error: unknown) => this.events.onError(error))
          .finally(() => {
            this.inFlight -= 1;
            this.attempts.delete(attempt);
            // Room again: more may be due (a burst), so take them without waiting for the next tick.
            if (!this.stopped) void this.pump();
          });
        this.attempts.add(attempt);
      }
      if (claimed.length < room) return;
    }
  }

  /** After a slice of delivering without a pause, waits for the share of requests being served (BACKGROUND_SHARE). */
  private async giveShare(): Promise<void> {
    const share = this.options.share;
    if (!share) return;
    const now = performance.now();
    this.busySince ??= now;
    if (now - this.busySince < SLICE_MS) return;
    await share.yield('delivering', now - this.busySince);
    this.busySince = performance.now();
  }

  private async attempt(delivery: ClaimedDelivery): Promise<void> {
    const startedAt = new Date();
    const envelope = toEnvelope(delivery);
    const body = JSON.stringify(envelope);
    const headers = webhookHeaders(
      envelope.id,
      Math.floor(startedAt.getTime() / 1000),
      body,
      signingSecrets(this.box, delivery, startedAt),
    );
    const result = await this.poster.post(delivery.url, headers, body);
    const ok = result.status !== undefined && result.status >= 200 && result.status < 300 && !result.error;
    const gone = result.status === 410;
    const delay = ok || gone ? null : retryDelay(this.options.retrySchedule, delivery.tentativas);
    const state = ok ? 'entregue' : delay === null ? 'falhou' : 'pendente';
    this.auditAttempt(delivery, startedAt, result);
    this.events.onAttempt(ok, Date.now() - delivery.ocorrido_em.getTime());
    const failingSince = await recordAttempt(this.db, {
      delivery: delivery.id,
      endpoint: delivery.endpoint,
      attempt: delivery.tentativas,
      startedAt,
      status: result.status ?? null,
      latencyMs: result.latencyMs,
      error: result.error ?? null,
      response: result.response ?? null,
      ok,
      state,
      nextAt: delay === null ? null : new Date(Date.now() + delay),
    });
    if (gone) await this.disable(delivery.endpoint, 'o receptor respondeu 410 Gone');
    else if (failingSince && Date.now() - failingSince.getTime() >= this.options.disableAfterMs) {
      const days = Math.round(this.options.disableAfterMs / 86_400_000);
      await this.disable(delivery.endpoint, `falhou sem nenhum sucesso desde ${failingSince.toISOString()} (${days} dias ou mais)`);
    }
  }

  private async disable(endpoint: number, reason: string): Promise<void> {
    if (await disableEndpoint(this.db, endpoint, reason, true)) this.events.onDisabled(endpoint, reason);
  }

  /** A delivery carries members' data like a read: its row names the token, the event and the member (API-DESIGN §13). */
  private auditAttempt(delivery: ClaimedDelivery, startedAt: Date, result: PostResult): void {
    this.audit.record({
      ocorrido_em: startedAt,
      origem: 'webhook',
      token_id: delivery.token_id,
      admin_id: null,
      metodo: 'POST',
      rota: delivery.tipo,
      status: result.status ?? 0,
      request_id: delivery.chave,
      request_id_cliente: null,
      ip: null,
      matriculas: delivery.matricula === null ? [] : [delivery.matricula],
      detalhe: `webhook ${delivery.endpoint}, tentativa ${delivery.tentativas}: ${delivery.url}${result.error ? ` — ${result.error}` : ''}`,
    });
  }

  /**
   * Stops taking deliveries and waits up to `waitMs` for those in flight, and for `alsoWaitFor`; the rest are taken
   * again after their lease.
   */
  async stop(waitMs: number, alsoWaitFor: readonly (Promise<unknown> | null)[] = []): Promise<void> {
    this.stopped = true;
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      Promise.allSettled([this.taking, ...this.attempts, ...alsoWaitFor]),
      new Promise((resolve) => {
        timer = setTimeout(resolve, waitMs);
      }),
    ]);
    clearTimeout(timer);
  }
}
