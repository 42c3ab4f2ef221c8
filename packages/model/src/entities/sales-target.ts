import { date, decimal, defineEntity, type EntityInput, int, label, lookup, optionSet, text } from '../define.ts';
import { businessUnitType } from '../option-sets/organisation.ts';
import { targetMetric, targetPeriodType } from '../option-sets/sales-target.ts';

const RO = { readOnly: true } as const;

/*
 * Sales targets (销售目标, issue 28): head office (sales.target) sets, per period (a month or a
 * quarter), metric (order amount or order count) and product line (none: every line), a target for
 * a salesman (业务员目标) or for a dealer (经销商目标). The actual is never stored: it is computed
 * from the audited orders whenever a target is read (server domain/sales-targets/actuals.ts), so
 * it is always today's. One target per (who, period, metric, product line); the server refuses a
 * second, a target of zero or less, and an order count that is not whole.
 */

/** The fields both kinds share, after the one naming who the target is for. */
const targetFields = {
  new_periodtype: optionSet(targetPeriodType, undefined, { required: true }),
  new_year: int(label('年度', 'Year'), { required: true, min: 2000, max: 2100 }),
  new_periodno: int(label('月份/季度', 'Month or quarter'), {
    required: true,
    min: 1,
    max: 12,
    description: label(
      '月度目标填 1–12 月，季度目标填 1–4 季度',
      'A month (1–12) for a monthly target, a quarter (1–4) for a quarterly one',
    ),
  }),
  new_metric: optionSet(targetMetric, undefined, { required: true }),
  new_productline_id: lookup('new_productline', label('产品线（空为全部）', 'Product line (empty: all)')),
  new_target: decimal(label('目标值', 'Target'), {
    required: true,
    max: 9_999_999_999,
    description: label('订单金额以元计，订单数以单计', 'Order amount in yuan, order count in orders'),
  }),
  new_remark: text(label('备注', 'Remark'), { maxLength: 200 }),
  new_periodstart: date(label('期间开始', 'Period start'), RO),
  new_periodend: date(label('期间结束', 'Period end'), RO),
  // (who, period, metric, product line) as text: the unique index behind the server's own check.
  new_key: text(label('目标键', 'Target key'), { ...RO, unique: true, maxLength: 200 }),
};

const CHECKS = { target: 'new_target > 0', period: 'new_periodno >= 1 AND new_periodno <= 12' };
const COLUMNS = (who: string) => [who, 'new_name', 'new_periodtype', 'new_metric', 'new_productline_id', 'new_target', 'new_periodstart'];
const form = (who: string): EntityInput['forms'] => ({
  main: [
    {
      key: 'basic',
      label: label('目标', 'Target'),
      fields: [who, 'new_periodtype', 'new_year', 'new_periodno', 'new_metric', 'new_productline_id', 'new_target', 'new_remark'],
    },
    { key: 'period', label: label('期间', 'Period'), fields: ['new_name', 'new_periodstart', 'new_periodend'], on: 'edit' },
  ],
});

/** A salesman's target (业务员目标): its actual is the orders of the dealers the salesman serves. */
export const staffTarget = defineEntity({
  logicalName: 'new_stafftarget',
  entitySet: 'new_stafftargets',
  label: label('业务员目标', 'Salesman target'),
  scope: { kind: 'businessUnit', field: 'owningbusinessunit' },
  access: { read: 'sales.target', write: 'sales.target' },
  screens: {
    list: {
      name: 'staffTargetList',
      path: '/stafftarget/stafftargetList',
      page: 'StaffTargetListPage',
      menu: {
        group: 'salesmgmt',
        order: 20,
        key: 'staffTargets',
        label: 'menu.staffTargets',
        units: [businessUnitType.headOffice, businessUnitType.branch],
      },
    },
    create: { name: 'staffTargetCreate', path: '/stafftarget/stafftargetView', page: 'StaffTargetPage' },
    edit: { name: 'staffTargetView', path: '/stafftarget/stafftargetView/:id', page: 'StaffTargetPage' },
  },
  fields: {
    new_name: text(label('目标', 'Target'), { ...RO, searchable: true, maxLength: 200 }),
    new_salesman_id: lookup('new_salesman', label('业务员', 'Salesman'), { required: true, indexed: true }),
    ...targetFields,
  },
  checks: CHECKS,
  indexes: [['new_salesman_id', 'new_periodstart']],
  views: {
    all: {
      label: label('全部业务员目标', 'All salesman targets'),
      columns: COLUMNS('new_salesman_id'),
      orderBy: [['new_periodstart', 'desc']],
    },
  },
  forms: form('new_salesman_id'),
});

/** A dealer's target (经销商目标): its actual is the orders of the dealer and its stores. The dealer reads its own. */
export const accountTarget = defineEntity({
  logicalName: 'new_accounttarget',
  entitySet: 'new_accounttargets',
  label: label('经销商目标', 'Dealer target'),
  scope: { kind: 'businessUnit', field: 'new_dealer_id' },
  access: { read: 'sales.read', write: 'sales.target' },
  screens: {
    list: {
      name: 'accountTargetList',
      path: '/accounttarget/list',
      page: 'AccountTargetListPage',
      menu: {
        group: 'salesmgmt',
        order: 30,
        key: 'accountTargets',
        label: 'menu.accountTargets',
        units: [businessUnitType.headOffice, businessUnitType.branch, businessUnitType.dealer],
      },
    },
    create: { name: 'accountTargetCreate', path: '/accounttarget/create', page: 'AccountTargetPage' },
    edit: { name: 'accountTargetView', path: '/accounttarget/view/:id', page: 'AccountTargetPage' },
  },
  fields: {
    new_name: text(label('目标', 'Target'), { ...RO, searchable: true, maxLength: 200 }),
    new_dealer_id: lookup('businessunit', label('经销商', 'Dealer'), { required: true, indexed: true }),
    ...targetFields,
  },
  checks: CHECKS,
  indexes: [['new_dealer_id', 'new_periodstart']],
  views: {
    all: {
      label: label('全部经销商目标', 'All dealer targets'),
      columns: COLUMNS('new_dealer_id'),
      orderBy: [['new_periodstart', 'desc']],
    },
  },
  forms: form('new_dealer_id'),
});
