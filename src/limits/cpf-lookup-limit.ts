import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import type { Kysely } from 'kysely';
import type { AuditWriter } from '../audit/audit-writer.js';
import { countMiss, missWindows, readMisses, type MissCounts, type MissLimits, type MissWindows } from '../db/cpf-lookup-counts.js';
import type { Schema } from '../db/schema.js';
import type { TokenIdentity } from '../tokens/token-verifier.js';
import { limitReached, retryAfter } from './limit-reached.js';
import { redisAnswer } from './redis-answer.js';

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * Lookups by CPF that found nobody, as this limit counted them (decorated by the rate-limit plugin, which makes the
     * limit), for the token's use per minute that the audit plugin adds up.
     */
    cpfMisses: number;
  }
}

/**
 * Checks that the minute's and the day's windows (KEYS[1], KEYS[2]) have ARGV[4] places left under their limits
 * (ARGV[2], ARGV[3]) and, when ARGV[1] is '1', counts a miss in both (ARGV[4] is then 1). A window missing from
 * Redis (a new one, or one Redis lost) is not made up here: the answer is {-1}, and the caller asks again with the
 * counts the database kept as ARGV[5..8] (count and ms left of each), which seed the windows still missing.
 * Answers {1, minute, day} (the counts, after counting), or {0, ms, 1|2, count} with the time left and the count
 * of the window without room, the minute's or the day's.
 */
const CHECK = `
if ARGV[5] then
  redis.call('SET', KEYS[1], ARGV[5], 'PX', ARGV[6], 'NX')
  redis.call('SET', KEYS[2], ARGV[7], 'PX', ARGV[8], 'NX')
end
local minute = redis.call('GET', KEYS[1])
local day = redis.call('GET', KEYS[2])
if not minute or not day then return {-1} end
local places = tonumber(ARGV[4])
if tonumber(day) + places > tonumber(ARGV[3]) then return {0, redis.call('PTTL', KEYS[2]), 2, tonumber(day)} end
if tonumber(minute) + places > tonumber(ARGV[2]) then return {0, redis.call('PTTL', KEYS[1]), 1, tonumber(minute)} end
if ARGV[1] == '1' then return {1, redis.call('INCR', KEYS[1]), redis.call('INCR', KEYS[2])} end
return {1, tonumber(minute), tonumber(day)}`;

/** Raises each window to at least the count the database kept (ARGV[1], ARGV[3]; ms left ARGV[2], ARGV[4]): Redis lost some. */
const RAISE = `
for i = 1, 2 do
  if tonumber(redis.call('GET', KEYS[i]) or '-1') < tonumber(ARGV[i * 2 - 1]) then
    redis.call('SET', KEYS[i], ARGV[i * 2 - 1], 'PX', ARGV[i * 2])
  end
end`;

type CpfLimitedToken = Pick<TokenIdentity, 'cpfMissesPerMinute' | 'cpfMissesPerDay'>;

type Scripts = Redis & {
  associaCpfCheck(minuteKey: string, dayKey: string, ...args: number[]): Promise<number[]>;
  associaCpfRaise(minuteKey: string, dayKey: string, ...args: number[]): Promise<unknown>;
};

/**
 * Lookups by CPF that find nothing, counted per token over a minute and over a day (API-DESIGN §7), under the
 * token's own limits or the service's defaults. Past either limit, every lookup by CPF of that token gets 429
 * `cpf_lookup_limited` until the window ends, those that would find someone too: refusing only the misses would
 * leave the oracle in place, a 429 then meaning "no such CPF".
 *
 * A lookup is checked before it runs, and a miss is counted after it, atomically with the decision to answer
 * it: a miss that finds its window already full (filled meanwhile by concurrent lookups) is answered 429, not
 * 404, so concurrency never gets more misses answered than the limit. Lookups that find someone take no place
 * while they run, so any number of them may run at once.
 *
 * The day is the calendar day in São Paulo (API-DESIGN §7): its window in Redis is named for the date and ends at
 * midnight there, and the database's starts again with the first miss of a new date.
 *
 * With Redis the counts are taken there, shared by the instances, and every miss is also counted in the
 * database (src/db/cpf-lookup-counts.ts), which seeds a window Redis does not have and raises one it lost
 * count of: an outage, a hang or an empty Redis after a restart forgets no miss. Without Redis, or while it
 * fails, the counts are taken in the database, in one locked row per token.
 */
export class CpfLookupLimit {
  private readonly redis: Scripts | null;

  constructor(
    private readonly db: Kysely<Schema>,
    redis: Redis | null,
    private readonly prefix: string,
    private readonly defaults: MissLimits,
    private readonly log: FastifyBaseLogger,
    private readonly audit: Pick<AuditWriter, 'record'>,
    private readonly now: () => number = Date.now,
  ) {
    this.redis = redis as Scripts | null;
    this.redis?.defineCommand('associaCpfCheck', { numberOfKeys: 2, lua: CHECK });
    this.redis?.defineCommand('associaCpfRaise', { numberOfKeys: 2, lua: RAISE });
  }

  static of(app: FastifyInstance): CpfLookupLimit {
    return new CpfLookupLimit(
      app.database.db,
      app.redis,
      `associa:cpf-misses:${app.deploymentId}`,
      app.config.cpfLookupLimits,
      app.log,
      app.audit,
    );
  }

  /** A token's limits: its own, set by an administrator, or the service's defaults. */
  limitsOf(token: CpfLimitedToken): MissLimits {
    return { perMinute: token.cpfMissesPerMinute ?? this.defaults.perMinute, perDay: token.cpfMissesPerDay ?? this.defaults.perDay };
  }

  /**
   * Runs a lookup by CPF for the request's token under its limits: refused with 429 before it runs when a
   * window has fewer places left than the lookup's `cpfs` (each could be a miss: a batch that ran past the limit
   * and was refused only then would have tested more CPFs than the limit, its 429 telling how many found nobody);
   * `misses` tells how many CPFs it found nobody for, each counted (the last one refused with 429 if a window
   * filled meanwhile, so that no more misses are answered than the limit). Reaching a limit is an alert in Auditoria.
   */
  async guard<T>(request: FastifyRequest, lookup: () => Promise<T>, misses: (result: T) => number, cpfs = 1): Promise<T> {
    const token = request.token!;
    const limits = this.limitsOf(token);
    await this.check(token.id, limits, cpfs);
    const result = await lookup();
    for (let n = misses(result); n > 0; n--) {
      for (const limit of await this.miss(token.id, limits)) this.alert(request, limit);
      // For the token's use per minute (src/audit/token-use.ts): the misses counted, not one refused.
      request.cpfMisses++;
    }
    return result;
  }

  private alert(request: FastifyRequest, limit: string): void {
    this.audit.record({
      ocorrido_em: new Date(),
      origem: 'api',
      token_id: request.token!.id,
      metodo: request.method,
      rota: request.routeOptions.url!,
      status: 429,
      request_id: request.id,
      request_id_cliente: request.clientRequestId,
      ip: request.ip,
      alerta: true,
      detalhe: `O token atingiu o limite de consultas por CPF que não encontram ninguém (${limit}); até o fim do período, as consultas por CPF dele recebem 429.`,
    });
  }

  /** Throws the 429 of a token whose lookups by CPF have fewer than `places` misses left. */
  private async check(tokenId: number, limits: MissLimits, places: number): Promise<void> {
    const windows = missWindows(new Date(this.now()));
    const answer =
      (await this.inRedis(tokenId, limits, windows, false, places)) ??
      toAnswer(await readMisses(this.db, tokenId, windows), limits, places);
    refuseIfFull(answer, limits, places);
  }

  /**
   * Counts a lookup that found nobody, or throws the 429 if a window filled since its check. Returns the
   * limits this miss reached, each once a window.
   */
  private async miss(tokenId: number, limits: MissLimits): Promise<string[]> {
    const windows = missWindows(new Date(this.now()));
    const answer = await this.inRedis(tokenId, limits, windows, true, 1);
    if (answer) {
      refuseIfFull(answer, limits, 1);
      await this.keepCopy(tokenId, windows);
      return reached(answer[1]!, answer[2]!, limits);
    }
    for (;;) {
      const counts = await countMiss(this.db, tokenId, windows, limits);
      if (counts) return reached(counts.minute, counts.day, limits);
      // Refused: a window is full, unless it ended since, and then the miss is counted in the next one.
      refuseIfFull(toAnswer(await readMisses(this.db, tokenId, windows), limits, 1), limits, 1);
    }
  }

  /** CHECK's answer, seeding the windows Redis lacks from the database; undefined when Redis cannot be asked. */
  private async inRedis(
    tokenId: number,
    limits: MissLimits,
    windows: MissWindows,
    count: boolean,
    places: number,
  ): Promise<number[] | undefined> {
    const redis = this.redis;
    if (redis?.status !== 'ready') return undefined;
    const keys = this.keys(tokenId, windows);
    const ask = (...kept: number[]) =>
      redisAnswer(redis.associaCpfCheck(...keys, count ? 1 : 0, limits.perMinute, limits.perDay, places, ...kept)).catch(() => undefined);
    let answer = await ask();
    // Read outside the Redis calls: a failing database must not pass for a failing Redis.
    if (answer?.[0] === -1) answer = await ask(...seed(await readMisses(this.db, tokenId, windows)));
    // Still unseeded: the seeds expired at once, their windows ending; the database decides.
    return answer?.[0] === -1 ? undefined : answer;
  }

  /** The miss Redis counted, kept in the database too, where an outage or a restart of Redis cannot lose it. */
  private async keepCopy(tokenId: number, windows: MissWindows): Promise<void> {
    try {
      const kept = await countMiss(this.db, tokenId, windows);
      await redisAnswer(this.redis!.associaCpfRaise(...this.keys(tokenId, windows), ...seed(kept!)));
    } catch (error) {
      // Redis holds the miss; only its copy is lost, which errs toward refusing once Redis is seeded again.
      this.log.warn({ err: error }, 'a lookup by CPF that found nothing could not be kept in the database');
    }
  }

  /** The minute's key, and the day's, named for its São Paulo date: a new date is a new window whatever the key's TTL. */
  private keys(tokenId: number, windows: MissWindows): [string, string] {
    return [`${this.prefix}:${tokenId}:minuto`, `${this.prefix}:${tokenId}:dia:${windows.date}`];
  }
}

/** The limits that counts including this miss reach exactly: the miss that fills a window. */
function reached(minute: number, day: number, limits: MissLimits): string[] {
  return [...(minute === limits.perMinute ? [label('minute', limits)] : []), ...(day === limits.perDay ? [label('day', limits)] : [])];
}

function label(window: 'minute' | 'day', limits: MissLimits): string {
  return window === 'day' ? `${limits.perDay} por dia` : `${limits.perMinute} por minuto`;
}

/** Throws the 429 of an answer without room for `places` misses, saying when the window ends: the day's at midnight. */
function refuseIfFull(answer: number[], limits: MissLimits, places: number): void {
  if (answer[0] === 1) return;
  const seconds = retryAfter(answer[1]!);
  const window = answer[2] === 2 ? 'day' : 'minute';
  const limit = window === 'day' ? limits.perDay : limits.perMinute;
  const left = limit - answer[3]!;
  const back = window === 'day' ? 'às 00:00 (horário de Brasília)' : `em ${seconds} s`;
  let detail = `Limite de consultas por CPF sem resultado atingido (${label(window, limits)}); as consultas por CPF deste token voltam ${back}.`;
  if (left > 0 && places > limit) {
    detail = `O lote tem ${places} CPFs, mais do que o limite de consultas por CPF sem resultado deste token (${label(window, limits)}): mande lotes de até ${limit} CPFs.`;
  } else if (left > 0) {
    detail =
      `O lote tem ${places} CPFs, mais do que as consultas por CPF sem resultado que restam a este token (${left} das ${label(window, limits)}): ` +
      `um lote que pode passar do limite é recusado antes da consulta, sem contar nada. Mande lotes de até ${left} ${left === 1 ? 'CPF' : 'CPFs'}, ` +
      `ou este quando o limite voltar, ${back}.`;
  }
  throw limitReached('cpf_lookup', seconds, detail);
}

/** The database's counts as CHECK answers them. */
function toAnswer(counts: MissCounts, limits: MissLimits, places: number): number[] {
  if (counts.day + places > limits.perDay) return [0, counts.dayMsLeft, 2, counts.day];
  if (counts.minute + places > limits.perMinute) return [0, counts.minuteMsLeft, 1, counts.minute];
  return [1, counts.minute, counts.day];
}

/** The database's counts as CHECK and RAISE take them: count and ms left of the minute, then of the day. */
function seed(counts: MissCounts): number[] {
  return [counts.minute, Math.max(1, counts.minuteMsLeft), counts.day, Math.max(1, counts.dayMsLeft)];
}
