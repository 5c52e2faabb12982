import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import type { Kysely } from 'kysely';
import { countMiss, giveBackMiss, readMisses, takeMiss, type MissCounts, type MissLimits } from '../../db/cpf-lookup-counts.js';
import type { Schema } from '../../db/schema.js';
import { Problem } from '../../http/problems.js';

/**
 * Takes a place in the minute's and the day's windows (KEYS[1], KEYS[2]) unless one is full (limits ARGV[1],
 * ARGV[2]). A window missing from Redis (a new one, or one Redis lost) is not made up here: the answer is
 * {-1}, and the caller asks again with the counts the database kept as ARGV[3..6] (count and ms left of each),
 * which seed the windows still missing. Answers {1, minute, day} with the counts after taking, or {0, ms, 1|2}
 * with the time left of the full window, the minute's or the day's.
 */
const TAKE = `
if ARGV[3] then
  redis.call('SET', KEYS[1], ARGV[3], 'PX', ARGV[4], 'NX')
  redis.call('SET', KEYS[2], ARGV[5], 'PX', ARGV[6], 'NX')
end
local minute = redis.call('GET', KEYS[1])
local day = redis.call('GET', KEYS[2])
if not minute or not day then return {-1} end
if tonumber(day) >= tonumber(ARGV[2]) then return {0, redis.call('PTTL', KEYS[2]), 2} end
if tonumber(minute) >= tonumber(ARGV[1]) then return {0, redis.call('PTTL', KEYS[1]), 1} end
return {1, redis.call('INCR', KEYS[1]), redis.call('INCR', KEYS[2])}`;

/** Gives back a place in each window that still holds one. */
const GIVE_BACK = `
for i = 1, 2 do
  if tonumber(redis.call('GET', KEYS[i]) or '0') > 0 then redis.call('DECR', KEYS[i]) end
end`;

/** Raises each window to at least the count the database kept (ARGV[1], ARGV[3]; ms left ARGV[2], ARGV[4]): Redis lost some. */
const RAISE = `
for i = 1, 2 do
  if tonumber(redis.call('GET', KEYS[i]) or '-1') < tonumber(ARGV[i * 2 - 1]) then
    redis.call('SET', KEYS[i], ARGV[i * 2 - 1], 'PX', ARGV[i * 2])
  end
end`;

type Scripts = Redis & {
  associaCpfTake(minuteKey: string, dayKey: string, ...args: number[]): Promise<number[]>;
  associaCpfGiveBack(minuteKey: string, dayKey: string): Promise<unknown>;
  associaCpfRaise(minuteKey: string, dayKey: string, ...args: number[]): Promise<unknown>;
};

/** A lookup by CPF admitted under its token's limit, whose place is taken until the lookup's outcome is known. */
export interface CpfLookup {
  /** The lookup found someone (or failed, telling nothing): its place is given back. */
  giveBack(): Promise<void>;
  /** The lookup found nobody: its place stays taken. Returns the limits this miss reached, each once a window. */
  keep(): Promise<string[]>;
}

/**
 * Lookups by CPF that find nothing, counted per token over a minute and over a day (API-DESIGN §7). Past
 * either limit, every lookup by CPF of that token gets 429 `cpf_lookup_limited` until the window ends, those
 * that would find someone too: refusing only the misses would leave the oracle in place, a 429 then meaning
 * "no such CPF".
 *
 * A lookup takes its place before it runs, and gives it back when it finds someone, so concurrent lookups
 * cannot pass the limit. With Redis the places are taken there, shared by the instances, and every miss is
 * also counted in the database (src/db/cpf-lookup-counts.ts), which seeds a window Redis does not have and
 * raises one it lost count of: an outage or an empty Redis after a restart forgets no miss. Without Redis,
 * or while it fails, the places are taken in the database, in one locked row per token.
 */
export class CpfLookupLimit {
  private readonly redis: Scripts | null;

  constructor(
    private readonly db: Kysely<Schema>,
    redis: Redis | null,
    private readonly prefix: string,
    private readonly limits: MissLimits,
    private readonly log: FastifyBaseLogger,
  ) {
    this.redis = redis as Scripts | null;
    this.redis?.defineCommand('associaCpfTake', { numberOfKeys: 2, lua: TAKE });
    this.redis?.defineCommand('associaCpfGiveBack', { numberOfKeys: 2, lua: GIVE_BACK });
    this.redis?.defineCommand('associaCpfRaise', { numberOfKeys: 2, lua: RAISE });
  }

  static of(app: FastifyInstance): CpfLookupLimit {
    return new CpfLookupLimit(app.database.db, app.redis, `associa:cpf-misses:${app.deploymentId}`, app.config.cpfLookupLimits, app.log);
  }

  /** Admits a lookup by CPF of `tokenId`, or throws the 429 of a token past a limit. */
  async take(tokenId: number): Promise<CpfLookup> {
    const inRedis = await this.takeInRedis(tokenId);
    if (inRedis) return inRedis;
    const counts = await takeMiss(this.db, tokenId, this.limits);
    if (!counts) throw this.refusal(await readMisses(this.db, tokenId));
    return {
      giveBack: () => this.quietly('giving back a lookup by CPF in the database', giveBackMiss(this.db, tokenId)),
      keep: () => Promise.resolve(this.reached(counts)),
    };
  }

  /** The lookup admitted in Redis, or undefined when Redis cannot be asked. */
  private async takeInRedis(tokenId: number): Promise<CpfLookup | undefined> {
    const redis = this.redis;
    if (redis?.status !== 'ready') return undefined;
    const keys = [`${this.prefix}:${tokenId}:minuto`, `${this.prefix}:${tokenId}:dia`] as const;
    const take = (...kept: number[]) =>
      redis.associaCpfTake(...keys, this.limits.perMinute, this.limits.perDay, ...kept).catch(() => undefined);
    let answer = await take();
    // Read outside the Redis calls: a failing database must not pass for a failing Redis.
    if (answer?.[0] === -1) answer = await take(...seed(await readMisses(this.db, tokenId)));
    if (!answer) return undefined;
    if (answer[0] !== 1) throw this.refused(answer[2] === 2 ? 'day' : 'minute', answer[1]!);
    const taken = { minute: answer[1]!, day: answer[2]! };
    return {
      giveBack: () => this.quietly('giving back a lookup by CPF in Redis', redis.associaCpfGiveBack(...keys)),
      keep: async () => {
        try {
          const kept = await countMiss(this.db, tokenId);
          await this.quietly('raising the CPF lookup counts in Redis', redis.associaCpfRaise(...keys, ...seed(kept)));
        } catch (error) {
          // Redis holds the miss; only its copy, for an outage of Redis, is lost.
          this.log.warn({ err: error }, 'a lookup by CPF that found nothing could not be counted in the database');
        }
        return this.reached(taken);
      },
    };
  }

  /** The limits that counts including this miss reach exactly: the miss that fills a window. */
  private reached(counts: Pick<MissCounts, 'minute' | 'day'>): string[] {
    return [
      ...(counts.minute === this.limits.perMinute ? [`${this.limits.perMinute} por minuto`] : []),
      ...(counts.day === this.limits.perDay ? [`${this.limits.perDay} por dia`] : []),
    ];
  }

  /** The 429 for a token whose counts fill a window. */
  private refusal(counts: MissCounts): Problem {
    return counts.day >= this.limits.perDay ? this.refused('day', counts.dayMsLeft) : this.refused('minute', counts.minuteMsLeft);
  }

  private refused(window: 'minute' | 'day', msLeft: number): Problem {
    const seconds = Math.max(1, Math.ceil(msLeft / 1000));
    const limit = window === 'day' ? `${this.limits.perDay} por dia` : `${this.limits.perMinute} por minuto`;
    return new Problem(
      'cpf_lookup_limited',
      `Limite de consultas por CPF sem resultado atingido (${limit}); as consultas por CPF deste token voltam em ${seconds} s.`,
      { headers: { 'retry-after': String(seconds) } },
    );
  }

  /** A step whose failure only makes the count err toward refusing: logged, not thrown. */
  private async quietly(what: string, step: Promise<unknown>): Promise<void> {
    try {
      await step;
    } catch (error) {
      this.log.warn({ err: error }, `${what} failed`);
    }
  }
}

/** The database's counts as TAKE and RAISE take them: count and ms left of the minute, then of the day. */
function seed(counts: MissCounts): number[] {
  return [counts.minute, Math.max(1, counts.minuteMsLeft), counts.day, Math.max(1, counts.dayMsLeft)];
}
