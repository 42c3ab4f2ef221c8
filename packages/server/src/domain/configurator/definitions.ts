import {
  amountToFen,
  type CpqCatalogueItem,
  type CpqProductDefinition,
  type CpqRuleKindName,
  cpqChoiceType,
  cpqRuleKind,
  fenToAmount,
  type Lang,
} from '@portal/model';
import type { Sql } from '../../db/db.ts';
import { notFound } from '../../http/errors.ts';
import { normGuid } from '../../records/validate.ts';

/** How long a configuration's price holds when its product says nothing (days). */
export const DEFAULT_VALID_DAYS = 30;

const KIND_NAMES: Record<number, CpqRuleKindName> = {
  [cpqRuleKind.requires]: 'requires',
  [cpqRuleKind.excludes]: 'excludes',
  [cpqRuleKind.onlyWith]: 'onlyWith',
};

/** The configurable products on offer, as /product/catalog lists them: list prices only, never costs. */
export async function catalogue(sql: Sql): Promise<CpqCatalogueItem[]> {
  const { rows } = await sql.query<{
    id: string;
    code: string;
    name: string;
    description: string | null;
    baseprice: string;
    image: string | null;
    groups: number;
    options: number;
  }>(
    `SELECT p.new_cpqproductid AS id, p.new_code AS code, p.new_name AS name, p.new_description AS description,
            p.new_baseprice AS baseprice, p.new_image AS image,
            (SELECT count(*)::int FROM new_cpqoptiongroup g WHERE g.new_cpqproduct_id = p.new_cpqproductid) AS groups,
            (SELECT count(*)::int FROM new_cpqoption o JOIN new_cpqoptiongroup g ON g.new_cpqoptiongroupid = o.new_cpqoptiongroup_id
              WHERE g.new_cpqproduct_id = p.new_cpqproductid) AS options
       FROM new_cpqproduct p
      WHERE p.new_active IS TRUE
      ORDER BY p.new_sequence NULLS LAST, p.new_code`,
  );
  return rows.map((r) => ({
    Id: r.id,
    Code: r.code,
    Name: r.name,
    Description: r.description,
    BasePrice: fenToAmount(amountToFen(r.baseprice)),
    Image: r.image,
    Groups: r.groups,
    Options: r.options,
  }));
}

/**
 * One offered product's definition for the engine, its rules' messages in `lang` (English falls
 * back to the Chinese text). `includeRetired` (a saved configuration's product read again) also
 * finds a product taken off the catalogue; otherwise such a product is 404.
 */
export async function definitionOf(sql: Sql, productId: string, lang: Lang, includeRetired = false): Promise<CpqProductDefinition> {
  const id = normGuid(productId);
  if (!id) throw notFound('cpq.productNotFound');
  const p = await sql.query<{
    id: string;
    code: string;
    name: string;
    description: string | null;
    baseprice: string;
    image: string | null;
    validdays: number | null;
    active: boolean | null;
  }>(
    `SELECT new_cpqproductid AS id, new_code AS code, new_name AS name, new_description AS description, new_baseprice AS baseprice,
            new_image AS image, new_validdays AS validdays, new_active AS active
       FROM new_cpqproduct WHERE new_cpqproductid = $1`,
    [id],
  );
  const prod = p.rows[0];
  if (!prod || (!prod.active && !includeRetired)) throw notFound('cpq.productNotFound');
  // One after another: on a transaction's connection queries cannot overlap (pg deprecates it).
  const groups = await sql.query<{ id: string; code: string; name: string; choicetype: number; required: boolean | null }>(
    `SELECT new_cpqoptiongroupid AS id, new_code AS code, new_name AS name, new_choicetype AS choicetype, new_required AS required
       FROM new_cpqoptiongroup WHERE new_cpqproduct_id = $1 ORDER BY new_sequence NULLS LAST, new_code`,
    [id],
  );
  const options = await sql.query<{
    id: string;
    group: string;
    code: string;
    name: string;
    delta: string | null;
    description: string | null;
    isdefault: boolean | null;
  }>(
    `SELECT o.new_cpqoptionid AS id, o.new_cpqoptiongroup_id AS "group", o.new_code AS code, o.new_name AS name,
            o.new_pricedelta AS delta, o.new_description AS description, o.new_default AS isdefault
       FROM new_cpqoption o JOIN new_cpqoptiongroup g ON g.new_cpqoptiongroupid = o.new_cpqoptiongroup_id
      WHERE g.new_cpqproduct_id = $1 ORDER BY o.new_sequence NULLS LAST, o.new_code`,
    [id],
  );
  const rules = await sql.query<{ id: string; kind: number; option: string; target: string; message: string; message_en: string | null }>(
    `SELECT new_cpqruleid AS id, new_kind AS kind, new_option_id AS option, new_target_id AS target,
            new_message AS message, new_message_en AS message_en
       FROM new_cpqrule WHERE new_cpqproduct_id = $1 ORDER BY new_name, new_cpqruleid`,
    [id],
  );
  const bom = await sql.query<{ option: string | null; partnumber: string; name: string; qty: number; uom: string | null }>(
    `SELECT new_cpqoption_id AS option, new_partnumber AS partnumber, new_name AS name, new_qty AS qty, new_uom AS uom
       FROM new_cpqbomitem WHERE new_cpqproduct_id = $1 ORDER BY new_cpqoption_id NULLS FIRST, new_partnumber`,
    [id],
  );
  const known = new Set(options.rows.map((o) => o.id));
  return {
    id: prod.id,
    code: prod.code,
    name: prod.name,
    description: prod.description,
    basePriceFen: amountToFen(prod.baseprice),
    image: prod.image,
    validDays: prod.validdays ?? DEFAULT_VALID_DAYS,
    groups: groups.rows.map((g) => ({
      id: g.id,
      code: g.code,
      name: g.name,
      multiple: g.choicetype === cpqChoiceType.multiple,
      required: g.required === true,
      options: options.rows
        .filter((o) => o.group === g.id)
        .map((o) => ({
          id: o.id,
          code: o.code,
          name: o.name,
          priceDeltaFen: amountToFen(o.delta),
          description: o.description,
          isDefault: o.isdefault === true,
        })),
    })),
    // A rule naming an option of another product would never hold: such rows are left out.
    rules: rules.rows
      .filter((r) => known.has(r.option) && known.has(r.target) && KIND_NAMES[r.kind])
      .map((r) => ({
        id: r.id,
        kind: KIND_NAMES[r.kind],
        option: r.option,
        target: r.target,
        message: lang === 'en-US' && r.message_en ? r.message_en : r.message,
      })),
    bom: bom.rows
      .filter((b) => b.option === null || known.has(b.option))
      .map((b) => ({ option: b.option, partNumber: b.partnumber, name: b.name, qty: b.qty, uom: b.uom })),
  };
}
