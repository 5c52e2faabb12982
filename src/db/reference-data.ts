import { sql, type Kysely, type RawBuilder } from 'kysely';
import { AREAS_ATUACAO, ESPECIALIDADES } from '../domain/especialidades.js';
import { CATEGORIA_INFO, CATEGORIAS } from '../domain/enums.js';
import { UF_INFO, UFS } from '../domain/uf.js';
import type { Schema } from './schema.js';
import { centsToDecimal } from '../domain/money.js';

/**
 * Reference data lives in code and is written on every migrate, so a production database has it unseeded.
 * Rows already equal are left alone: an unchanged start writes nothing and waits for no disk flush.
 */
export async function syncReferenceData(db: Kysely<Schema>): Promise<void> {
  await db.transaction().execute(async (tx) => {
    await tx
      .insertInto('regional')
      .values(UFS.map((uf) => ({ codigo: uf, nome: `Regional ${UF_INFO[uf].nome}`, municipio: `${UF_INFO[uf].capital}/${uf}` })))
      .onConflict((oc) =>
        oc
          .column('codigo')
          .doUpdateSet({ nome: sql`excluded.nome`, municipio: sql`excluded.municipio` })
          .where(changed(sql`(regional.nome, regional.municipio)`, sql`(excluded.nome, excluded.municipio)`)),
      )
      .execute();
    await tx
      .insertInto('categoria')
      .values(
        CATEGORIAS.map((codigo) => ({
          codigo,
          nome: CATEGORIA_INFO[codigo].nome,
          isenta_anuidade: CATEGORIA_INFO[codigo].isentaAnuidade,
          valor_anuidade: centsToDecimal(CATEGORIA_INFO[codigo].anuidadeCentavos),
        })),
      )
      .onConflict((oc) =>
        oc
          .column('codigo')
          .doUpdateSet({
            nome: sql`excluded.nome`,
            isenta_anuidade: sql`excluded.isenta_anuidade`,
            valor_anuidade: sql`excluded.valor_anuidade`,
          })
          .where(
            changed(
              sql`(categoria.nome, categoria.isenta_anuidade, categoria.valor_anuidade)`,
              sql`(excluded.nome, excluded.isenta_anuidade, excluded.valor_anuidade)`,
            ),
          ),
      )
      .execute();
    await tx
      .insertInto('especialidade')
      .values([
        ...ESPECIALIDADES.map(({ codigo, nome }) => ({ codigo, nome, tipo: 'especialidade' as const, requisitos: [] })),
        ...AREAS_ATUACAO.map(({ codigo, nome, requisitos }) => ({
          codigo,
          nome,
          tipo: 'area_atuacao' as const,
          requisitos: [...requisitos],
        })),
      ])
      .onConflict((oc) =>
        oc
          .column('codigo')
          .doUpdateSet({ nome: sql`excluded.nome`, tipo: sql`excluded.tipo`, requisitos: sql`excluded.requisitos` })
          .where(
            changed(
              sql`(especialidade.nome, especialidade.tipo, especialidade.requisitos)`,
              sql`(excluded.nome, excluded.tipo, excluded.requisitos)`,
            ),
          ),
      )
      .execute();
  });
}

function changed(current: RawBuilder<unknown>, wanted: RawBuilder<unknown>): RawBuilder<boolean> {
  return sql<boolean>`${current} is distinct from ${wanted}`;
}
