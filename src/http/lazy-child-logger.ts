import type { FastifyBaseLogger, FastifyServerOptions } from 'fastify';
import { type Bindings, type ChildLoggerOptions, pino } from 'pino';

type Level = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';
/** Pino's ranks of its levels, and `silent` above them all. */
const RANK: Record<string, number> = { ...pino.levels.values, silent: Infinity };

/**
 * A request's logger, made when the request first logs at a level that is on. Fastify gives every request a
 * child of the app's logger bound to its id, and pino serialises (and redacts) those bindings as the child is
 * made; at the production level (`warn`) almost no request logs, so that work was spent on every request for
 * nothing.
 */
class LazyChildLogger implements FastifyBaseLogger {
  #made: FastifyBaseLogger | undefined;
  /** A level of its own (the route's, or one set on it); otherwise the parent's. */
  #level: string | undefined;

  constructor(
    private readonly parent: FastifyBaseLogger,
    private readonly bindings: Bindings,
    private readonly options: ChildLoggerOptions,
  ) {
    this.#level = options.level;
  }

  get level(): string {
    return this.#made?.level ?? this.#level ?? this.parent.level;
  }

  set level(level: string) {
    this.#level = level;
    if (this.#made) this.#made.level = level;
  }

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.#logger().child(bindings, options);
  }

  fatal(...args: unknown[]): void {
    this.#log('fatal', args);
  }

  error(...args: unknown[]): void {
    this.#log('error', args);
  }

  warn(...args: unknown[]): void {
    this.#log('warn', args);
  }

  info(...args: unknown[]): void {
    this.#log('info', args);
  }

  debug(...args: unknown[]): void {
    this.#log('debug', args);
  }

  trace(...args: unknown[]): void {
    this.#log('trace', args);
  }

  silent(): void {}

  #log(level: Level, args: unknown[]): void {
    if (RANK[level]! < (RANK[this.level] ?? 0)) return;
    const logger = this.#logger();
    Reflect.apply(logger[level], logger, args);
  }

  #logger(): FastifyBaseLogger {
    this.#made ??= this.parent.child(this.bindings, this.#level === undefined ? this.options : { ...this.options, level: this.#level });
    return this.#made;
  }
}

export const lazyChildLogger: NonNullable<FastifyServerOptions['childLoggerFactory']> = (logger, bindings, options) =>
  new LazyChildLogger(logger, bindings, options);
