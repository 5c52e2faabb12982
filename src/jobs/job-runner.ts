/** What a job is told while it runs: whether the instance is closing, so that a long run ends between two steps. */
export type Closing = () => boolean;

export interface Job {
  /** As the logs and the metrics name it: `overdue-marking`. */
  name: string;
  /** From the start of one run to the next; a run longer than this is not doubled, the next starts when it ends. */
  everyMs: number;
  /**
   * False for a job whose work can wait one interval (a sweep of day-old rows): its first run comes after `everyMs`, not
   * among the statements of an instance's start. True when not stated.
   */
  atStart?: boolean;
  /** One run. Its failure (a rejection) is the runner's to report; what it did is the job's to log. */
  run(closing: Closing): Promise<void>;
}

/** What the runner reports, for the logs and the metrics. */
export interface JobEvents {
  /** The job's first failure after a success (or since the start): once, however many follow. */
  failing(job: string, error: unknown): void;
  /** The job's first success after failures: how many runs failed, since when. */
  recovered(job: string, failures: number, since: Date): void;
  /** Every run, with its outcome and time. */
  ran(job: string, ok: boolean, seconds: number): void;
}

interface Scheduled {
  job: Job;
  timer?: NodeJS.Timeout;
  running: Promise<void> | null;
  failures: number;
  failingSince: Date | null;
}

/**
 * Every job of an instance that no request waits for: each runs when the runner starts (unless it says otherwise), then every `everyMs`, never
 * two runs of one job at once. A failing job is reported once when it starts failing and once when it works again,
 * not at every run; closing stops the timers, tells running jobs, and waits for them.
 */
export class JobRunner {
  private readonly scheduled: Scheduled[] = [];
  private started = false;
  private closed = false;
  private readonly closing: Closing = () => this.closed;

  constructor(private readonly events: JobEvents) {}

  /** The jobs' names, in the order they were added. */
  get names(): string[] {
    return this.scheduled.map((entry) => entry.job.name);
  }

  add(job: Job): void {
    if (this.names.includes(job.name)) throw new Error(`a job named ${job.name} exists already`);
    const entry: Scheduled = { job, running: null, failures: 0, failingSince: null };
    this.scheduled.push(entry);
    if (this.started) this.schedule(entry);
  }

  /** Runs every job now, then on its interval. */
  start(): void {
    if (this.started || this.closed) return;
    this.started = true;
    for (const entry of this.scheduled) this.schedule(entry);
  }

  private schedule(entry: Scheduled): void {
    entry.timer = setInterval(() => void this.runOnce(entry), entry.job.everyMs);
    entry.timer.unref();
    if (entry.job.atStart !== false) void this.runOnce(entry);
  }

  /** Runs a job now unless it is running; resolves when that run ends. Never rejects: failures are reported. */
  run(name: string): Promise<void> {
    const entry = this.scheduled.find((candidate) => candidate.job.name === name);
    if (!entry) throw new Error(`no job is named ${name}`);
    return this.runOnce(entry);
  }

  private runOnce(entry: Scheduled): Promise<void> {
    if (this.closed) return entry.running ?? Promise.resolve();
    entry.running ??= this.attempt(entry).finally(() => {
      entry.running = null;
    });
    return entry.running;
  }

  private async attempt(entry: Scheduled): Promise<void> {
    const { name } = entry.job;
    const started = performance.now();
    let ok = true;
    try {
      await entry.job.run(this.closing);
    } catch (error) {
      ok = false;
      if (entry.failures === 0) {
        entry.failingSince = new Date();
        this.events.failing(name, error);
      }
      entry.failures++;
    }
    if (ok && entry.failures > 0) {
      this.events.recovered(name, entry.failures, entry.failingSince!);
      entry.failures = 0;
      entry.failingSince = null;
    }
    this.events.ran(name, ok, (performance.now() - started) / 1000);
  }

  /** Stops the timers and tells the jobs running that the instance is closing: no run starts after this. */
  stop(): void {
    this.closed = true;
    for (const entry of this.scheduled) clearInterval(entry.timer);
  }

  /** Stops, and waits for the runs in progress. */
  async close(): Promise<void> {
    this.stop();
    await Promise.all(this.running());
  }

  /** The runs in progress (of the jobs named, or of all), for a caller that bounds its own wait for them. */
  running(...names: string[]): Promise<void>[] {
    return this.scheduled.flatMap((entry) =>
      entry.running && (names.length === 0 || names.includes(entry.job.name)) ? [entry.running] : [],
    );
  }
}
