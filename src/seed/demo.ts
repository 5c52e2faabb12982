import type { Database } from '../db/connection.js';
import { businessDate } from '../domain/dates.js';
import { seed, type SeedProgress, type SeedResult } from './load.js';
import { addSandboxExam } from './sandbox-exam.js';
import { memberCpf, Payer, type MemberFixture } from './members.js';

export const DEMO_MEMBERS = 2000;
export const DEMO_SEED = 2026;

/**
 * One member per case an integrator tests against the demo, with the ids docs/dados-de-demonstracao.md
 * lists: the demo is seeded around the day it is created, so drawn traits alone could move between days.
 * Each is the member the seed already draws there, so fixing it changes no other data.
 */
export const DEMO_FIXTURES: readonly MemberFixture[] = [
  // In good standing: every annual fee paid by its due date.
  { matricula: 5, status: 'ativo', categoria: 'titular', regional: 'SP', payer: Payer.Punctual },
  // Behind on fees: last year's and this year's annual fees left open.
  { matricula: 464, status: 'ativo', categoria: 'titular', regional: 'SP', payer: Payer.Defaulter },
  // Deceased: what was unpaid at death is cancelled, so associado is false but adimplente true.
  { matricula: 69, status: 'falecido', categoria: 'titular', regional: 'SP', payer: Payer.Punctual },
  { matricula: 82, status: 'suspenso', categoria: 'titular', regional: 'SP', payer: Payer.Defaulter },
  // Exempt from the annual fee.
  { matricula: 3, status: 'ativo', categoria: 'remido', regional: 'SP', payer: Payer.Punctual },
  // Another branch than the others: a token restricted to SP gets 404 for it.
  { matricula: 93, status: 'ativo', categoria: 'titular', regional: 'RS', payer: Payer.Punctual },
];

/** A valid CPF no demo member holds: CPFs are a bijection of matriculas, and this one is the next matricula's. */
export const DEMO_UNKNOWN_CPF = memberCpf(DEMO_MEMBERS + 1, DEMO_SEED, 'SP');

/** Seeds the demo data set unless the database already holds members; returns null when it did nothing. */
export async function seedDemoIfEmpty(database: Database, progress?: SeedProgress): Promise<SeedResult | null> {
  const any = await database.db.selectFrom('associado').select('matricula').limit(1).executeTakeFirst();
  if (any) return null;
  const now = new Date();
  const seeded = await seed(
    database,
    {
      members: DEMO_MEMBERS,
      seed: DEMO_SEED,
      now,
      today: businessDate(now),
      reset: false,
      fixtures: DEMO_FIXTURES,
    },
    progress,
  );
  await addSandboxExam(database, now);
  return seeded;
}
