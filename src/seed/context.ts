import { businessDate, dayNumber, yearOfDay } from '../domain/dates.js';
import type { MemberFixture } from './members.js';

export interface SeedOptions {
  /** How many members to create. */
  members: number;
  /** The same seed (and reference date) always gives the same data. */
  seed: number;
  /**
   * The reference instant: courses, enrolment windows, payments and overdue invoices are placed around it, and
   * nothing that happened (a creation, a change, a payment, an NFS-e, a refund) is stamped after it, so that a
   * watermark taken from the data never runs ahead of the clock. It is no later than the moment of seeding.
   */
  now: Date;
  /** `YYYY-MM-DD`, the São Paulo date of `now`. */
  today: string;
  /** Members whose traits are fixed rather than drawn (the demo's documented cases). */
  fixtures?: readonly MemberFixture[];
}

/** What the generators share: options in the units they compute with. */
export interface SeedContext extends Omit<SeedOptions, 'fixtures'> {
  todayDay: number;
  /**
   * The São Paulo date on which the data is written: open invoices due before it are written marked as past
   * due (migration 0007), whatever the reference date, as the database's trigger would mark them.
   */
  writtenDay: number;
  currentYear: number;
  nowMs: number;
  fixtures: ReadonlyMap<number, MemberFixture>;
}

export function seedContext(options: SeedOptions): SeedContext {
  const todayDay = dayNumber(options.today);
  const fixtures = new Map((options.fixtures ?? []).map((fixture) => [fixture.matricula, fixture]));
  const writtenDay = dayNumber(businessDate(new Date()));
  return { ...options, todayDay, writtenDay, currentYear: yearOfDay(todayDay), nowMs: options.now.getTime(), fixtures };
}

/** Streams of Random.for(seed, STREAM, …): one per kind of entity, so adding one never shifts another. */
export const STREAM = { member: 1, course: 2, registration: 3, invoice: 4, exam: 5 } as const;
