import { getEntity, opportunityState } from '@portal/model';
import type { Sql } from '../../db/db.ts';
import type { DocumentController } from '../../documents/controller.ts';
import { refuse } from '../../http/errors.ts';
import type { WriteHooks } from '../../records/write.ts';
import { chinaDate } from '../china-time.ts';

/*
 * The opportunity's business (its life is declared on the entity, packages/model/src/entities/opportunity.ts):
 * its contact must be its customer's; a product line takes the product's name and list price (the
 * salesman may change the price) and its amount is quantity × price, the opportunity's estimated
 * value their sum (the kernel's line totals); 赢单 and 输单 need a reason and record the close.
 * Lines and competitors belong to the opportunity's owner and unit, whoever writes them (the
 * owner's reach follows the opportunity).
 */

const OPPORTUNITY = getEntity('opportunity')!;

/** The contact, when one is named, must be the customer's. */
async function checkContacts(sql: Sql, ids: string[]): Promise<void> {
  const { rows } = await sql.query(
    `SELECT 1 FROM opportunity o JOIN contact c ON c.contactid = o.new_contact_id
      WHERE o.opportunityid = ANY($1::uuid[]) AND c.parentcustomerid IS DISTINCT FROM o.new_customer_id LIMIT 1`,
    [ids],
  );
  if (rows[0]) throw refuse('opportunity.contactCustomer', undefined, 'new_contact_id');
}

/** A line or competitor row is the opportunity's owner's, in its unit. */
const followOpportunity = (table: string, key: string, parent: string) => async (sql: Sql, ids: string[]) => {
  await sql.query(
    `UPDATE ${table} l SET ownerid = o.ownerid, owningbusinessunit = o.owningbusinessunit FROM opportunity o
      WHERE l.${key} = ANY($1::uuid[]) AND o.opportunityid = l.${parent}
        AND (l.ownerid IS DISTINCT FROM o.ownerid OR l.owningbusinessunit IS DISTINCT FROM o.owningbusinessunit)`,
    [ids],
  );
};

const productLine: { defaults: DocumentController['defaults']; write: WriteHooks } = {
  // The product's name and, unless the salesman gives one, its list price.
  async defaults(sql, rows) {
    const { rows: products } = await sql.query<{ id: string; name: string; price: string | null }>(
      'SELECT productid AS id, name, price::text AS price FROM product WHERE productid = ANY($1::uuid[])',
      [rows.map((r) => r.productid)],
    );
    const byId = new Map(products.map((p) => [p.id, p]));
    return rows.map((r) => {
      const p = byId.get(String(r.productid));
      return { new_name: p?.name ?? null, priceperunit: r.priceperunit ?? p?.price ?? '0' };
    });
  },
  write: {
    async after(sql, ids, op) {
      await sql.query(
        `UPDATE opportunityproduct SET extendedamount = round(COALESCE(priceperunit, 0) * quantity, 2),
                new_name = (SELECT name FROM product WHERE productid = opportunityproduct.productid)
          WHERE opportunityproductid = ANY($1::uuid[])`,
        [ids],
      );
      if (op === 'create') await followOpportunity('opportunityproduct', 'opportunityproductid', 'opportunityid')(sql, ids);
    },
  },
};

const close =
  (won: boolean) =>
  async ({ sql, id, inputs }: { sql: Sql; id: string; inputs: Record<string, unknown> }) => {
    if (typeof inputs.new_closereason !== 'string' || !inputs.new_closereason.trim())
      throw refuse('opportunity.reasonRequired', undefined, 'new_closereason');
    await sql.query(
      `UPDATE opportunity SET actualvalue = CASE WHEN $2 THEN estimatedvalue ELSE 0 END, actualclosedate = $3::date,
              closeprobability = CASE WHEN $2 THEN 100 ELSE 0 END, new_closedon = now()
        WHERE opportunityid = $1::uuid AND new_opportunitystate = $4`,
      [id, won, chinaDate(), opportunityState.open],
    );
    return { message: won ? ('opportunity.won' as const) : ('opportunity.lost' as const) };
  };

export const opportunityController: DocumentController = {
  entity: OPPORTUNITY,
  // A new opportunity is worth nothing until its products are added (the kernel writes its initial state with these).
  defaults: async (_sql, rows) => rows.map(() => ({ estimatedvalue: '0' })),
  write: {
    async after(sql, ids) {
      await checkContacts(sql, ids);
    },
  },
  lines: {
    opportunityproduct: productLine,
    new_opportunitycompetitor: {
      write: {
        async after(sql, ids, op) {
          if (op === 'create')
            await followOpportunity('new_opportunitycompetitor', 'new_opportunitycompetitorid', 'new_opportunity_id')(sql, ids);
        },
      },
    },
  },
  commands: { win: close(true), lose: close(false) },
};
