import type { OwedOldPart } from '@portal/model';
import { partsReturnController } from '../domain/parts-return/parts-return.controller.ts';
import { owedOldParts, pickOwed } from '../domain/parts-return/parts-return.ts';
import { runCommand } from '../documents/kernel.ts';
import { getEntity } from '@portal/model';
import { insertRecords } from '../records/write.ts';
import type { Sql } from '../db/db.ts';
import { callerOf } from './parts.ts';

type Step = 'draft' | 'delivered' | 'semi' | 'received' | 'confirmed';
const RETURNS: {
  by: string;
  contact: string;
  phone: string;
  lines: number;
  costCenter: string;
  step: Step;
  corp?: string;
  tracking?: string;
  freight?: number;
  memo?: string;
}[] = [
  {
    by: 'station1',
    contact: '陈志强',
    phone: '13800138001',
    lines: 1,
    costCenter: 'CC-SH-4100 售后维修',
    step: 'draft',
    memo: '本周五随配件申请一并发出',
  },
  {
    by: 'station1',
    contact: '陈志强',
    phone: '13800138001',
    lines: 2,
    costCenter: 'CC-SH-4100 售后维修',
    step: 'delivered',
    corp: '顺丰速运',
    tracking: 'SF1402887761203',
    freight: 36,
  },
  {
    by: 'station1',
    contact: '陈志强',
    phone: '13800138001',
    lines: 2,
    costCenter: 'CC-SH-4200 质量索赔',
    step: 'semi',
    corp: '德邦快递',
    tracking: 'DPK301882745516',
    freight: 58.5,
  },
  {
    by: 'station2',
    contact: '刘洋',
    phone: '13800138002',
    lines: 2,
    costCenter: 'CC-ZJ-4100 售后维修',
    step: 'received',
    corp: '中通快递',
    tracking: '75318862094471',
    freight: 28,
  },
  {
    by: 'station2',
    contact: '刘洋',
    phone: '13800138002',
    lines: 1,
    costCenter: 'CC-ZJ-4100 售后维修',
    step: 'confirmed',
    corp: '顺丰速运',
    tracking: 'SF1402887769958',
    freight: 22,
  },
];

/**
 * Demo old parts back to factory (旧件返厂): returns of 上海 and 杭州 in every logistics state from to
 * be submitted to confirmed, picked from the old parts their completed demo work orders owe and
 * moved through the commands (station delivers, head office receives — partly for the semi
 * received one — and confirms). None is written off, so no demo settlement or settlement test takes
 * them; every station keeps owed parts for the screens. Runs after the parts demo (owed parts exist).
 */
export async function seedPartsReturnDemo(sql: Sql): Promise<void> {
  const hq = await callerOf(sql, 'hq');
  const e = getEntity('new_srv_partsreturn')!;
  for (const r of RETURNS) {
    const by = await callerOf(sql, r.by);
    const owed: OwedOldPart[] = (await owedOldParts(sql, by)).slice(0, r.lines);
    if (!owed.length) continue;
    const [id] = await insertRecords(sql, e, by, [{ new_contact: r.contact, new_phone: r.phone, new_memo: r.memo ?? null }], 'zh-CN');
    await pickOwed(
      sql,
      by,
      id,
      { lines: owed.map((o) => ({ partLineId: o.partLineId, qty: o.remaining, costCenter: r.costCenter })) },
      'zh-CN',
    );
    if (r.step === 'draft') continue;
    await runCommand(
      sql,
      by,
      partsReturnController,
      'deliver',
      id,
      { logisticsCorp: r.corp!, trackingNo: r.tracking!, freight: r.freight! },
      'zh-CN',
    );
    if (r.step === 'delivered') continue;
    const { rows: lines } = await sql.query<{ id: string; qty: number }>(
      'SELECT new_srv_partsreturndetailid AS id, new_qty AS qty FROM new_srv_partsreturndetail WHERE new_partsreturn_id = $1::uuid ORDER BY createdon, new_srv_partsreturndetailid',
      [id],
    );
    // Semi received: the first line arrived, the others not yet.
    const received = r.step === 'semi' && lines.length > 1 ? lines.slice(0, 1) : lines;
    await runCommand(
      sql,
      hq,
      partsReturnController,
      'receive',
      id,
      { lines: received.map((l) => ({ lineId: l.id, qty: Number(l.qty) })) },
      'zh-CN',
    );
    if (r.step === 'confirmed') await runCommand(sql, hq, partsReturnController, 'confirm', id, {}, 'zh-CN');
  }
}
