import { msg } from '@portal/model';
import type { Sql } from '../../db/db.ts';
import { ValidationFailed, writeHooks } from '../../records/write.ts';

/*
 * What head office's generic screens must respect when they write the configurator's definitions:
 * a rule's two options and a BOM line's option belong to the rule's or line's product (an option
 * of another product would never be chosen with it: the rule would silently never hold).
 */

/** Rows of `table` among `ids` naming, in `field`, an option that is not of the row's product. */
async function strays(sql: Sql, table: 'new_cpqrule' | 'new_cpqbomitem', field: string, ids: string[]): Promise<number> {
  const { rows } = await sql.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM ${table} r
      WHERE r.${table}id = ANY($1::uuid[]) AND r.${field} IS NOT NULL
        AND NOT EXISTS (SELECT 1 FROM new_cpqoption o JOIN new_cpqoptiongroup g ON g.new_cpqoptiongroupid = o.new_cpqoptiongroup_id
                         WHERE o.new_cpqoptionid = r.${field} AND g.new_cpqproduct_id = r.new_cpqproduct_id)`,
    [ids],
  );
  return rows[0].n;
}

export function installConfigurator(): void {
  writeHooks.set('new_cpqrule', {
    async after(sql, ids, _op, lang) {
      for (const field of ['new_option_id', 'new_target_id'])
        if (await strays(sql, 'new_cpqrule', field, ids))
          throw new ValidationFailed([{ field, message: msg('cpq.optionOfOtherProduct', lang) }], lang);
    },
  });
  writeHooks.set('new_cpqbomitem', {
    async after(sql, ids, _op, lang) {
      if (await strays(sql, 'new_cpqbomitem', 'new_cpqoption_id', ids))
        throw new ValidationFailed([{ field: 'new_cpqoption_id', message: msg('cpq.optionOfOtherProduct', lang) }], lang);
    },
  });
}
