import { dayNumber, yearOfDay } from '../domain/dates.js';

export interface SeedOptions {
  /** How many members to create. */
  members: number;
  /** The same seed (and reference date) always gives the same data. */
  seed: number;
  /** The reference instant: courses, enrolment windows, payments and overdue invoices are placed around it. */
  now: Date;
  /** `YYYY-MM-DD`, the São Paulo date of `now`. */
  today: string;
}

/** What the generators share: options in the units they compute with. */
export interface SeedContext extends SeedOptions {
  todayDay: number;
  currentYear: number;
  nowMs: number;
}

export function seedContext(options: SeedOptions): SeedContext {
  const todayDay = dayNumber(options.today);
  return { ...options, todayDay, currentYear: yearOfDay(todayDay), nowMs: options.now.getTime() };
}

/** Streams of Random.for(seed, STREAM, …): one per kind of entity, so adding one never shifts another. */
export const STREAM = { member: 1, course: 2, registration: 3, invoice: 4, exam: 5 } as const;
