import type { Database } from '../db/connection.js';
import { businessDate } from '../domain/dates.js';
import { seed, type SeedProgress, type SeedResult } from './load.js';

export const DEMO_MEMBERS = 2000;
export const DEMO_SEED = 2026;

/** Seeds the demo data set unless the database already holds members; returns null when it did nothing. */
export async function seedDemoIfEmpty(database: Database, progress?: SeedProgress): Promise<SeedResult | null> {
  const any = await database.db.selectFrom('associado').select('matricula').limit(1).executeTakeFirst();
  if (any) return null;
  const now = new Date();
  return seed(database, { members: DEMO_MEMBERS, seed: DEMO_SEED, now, today: businessDate(now), reset: false }, progress);
}
