import { date, defineEntity, int, label, lookup, memo, money, text } from '../define.ts';
import type { BusinessUnitKind } from '../menu.ts';
import { approvalStatus } from '../option-sets/approval.ts';
import { businessUnitType } from '../option-sets/organisation.ts';

/*
 * Special prices (特价申请, issue 28, /proprice): a dealer asks head office for a price of one
 * product, for a quantity and a period, with its reason; head office approves through the approval
 * engine, and the final approval writes a line of the price list (价格表, new_pricelistitem) for
 * that dealer and period, which the dealer's orders in the period take (and submit locks). A
 * period overlapping another price of the dealer for the product is refused at save and submit.
 * Business: server domain/sales/special-price.controller.ts.
 */

const RO = { readOnly: true } as const;
/** Head office and branches read; dealers ask. */
const UNITS: readonly BusinessUnitKind[] = [businessUnitType.headOffice, businessUnitType.branch, businessUnitType.dealer];
const COLUMNS = [
  'new_name',
  'new_dealer_id',
  'new_product_id',
  'new_qty',
  'new_currentprice',
  'new_price',
  'new_validfrom',
  'new_validto',
  'new_approvalstatus',
  'createdon',
];
const byStatus = (l: ReturnType<typeof label>, states: number[]) => ({
  label: l,
  columns: COLUMNS,
  orderBy: [['createdon', 'desc']] as [string, 'desc'][],
  filter: { new_approvalstatus: states },
});

export const specialPrice = defineEntity({
  logicalName: 'new_proprice',
  entitySet: 'new_proprices',
  label: label('特价申请', 'Special price request'),
  scope: { kind: 'businessUnit', field: 'new_dealer_id' },
  access: { read: 'sales.read', write: 'sales.write' },
  attachments: true,
  screens: {
    list: {
      name: 'propriceList',
      path: '/proprice/list',
      title: 'menu.proprice',
      viewTabs: true,
      allowImport: false,
      menu: { group: 'sales', order: 85, key: 'proprice', label: 'menu.proprice', units: UNITS },
    },
    create: { name: 'propriceCreate', path: '/proprice/create', testIdPrefix: 'proprice' },
    view: { name: 'propriceView', path: '/proprice/view/:id', testIdPrefix: 'proprice' },
  },
  document: {
    number: { prefix: 'TP', period: 'day' },
    approval: { amount: 'new_amount' },
  },
  fields: {
    new_name: text(label('申请单号', 'Request number'), { ...RO, unique: true, searchable: true, maxLength: 40 }),
    new_dealer_id: lookup('businessunit', label('经销商', 'Dealer'), { ...RO, indexed: true }),
    new_product_id: lookup('product', label('产品', 'Product'), { required: true }),
    new_qty: int(label('申请数量', 'Quantity'), { required: true, min: 1, max: 999999 }),
    new_listprice: money(label('标准价', 'List price'), RO),
    new_currentprice: money(label('现行价格', 'Current price'), RO),
    new_price: money(label('申请特价', 'Special price'), { required: true, min: 0.01, max: 99999999 }),
    new_amount: money(label('特价金额', 'Amount at the special price'), RO),
    new_validfrom: date(label('生效日期', 'Valid from'), { required: true }),
    new_validto: date(label('失效日期', 'Valid to'), { required: true }),
    new_reason: memo(label('申请理由', 'Reason'), { required: true, maxLength: 500 }),
    new_pricelistitem_id: lookup('new_pricelistitem', label('价格表行', 'Price list line'), RO),
  },
  // The period's order is the controller's check (its message at 失效日期), not a CHECK that would answer first.
  checks: { price: 'new_price > 0 AND new_qty > 0' },
  views: {
    all: { label: label('全部特价申请', 'All special prices'), columns: COLUMNS, orderBy: [['createdon', 'desc']] },
    draft: byStatus(label('待提交', 'To be submitted'), [approvalStatus.draft, approvalStatus.rejected]),
    approved: byStatus(label('已批准', 'Approved'), [approvalStatus.approved]),
  },
  forms: {
    main: [
      {
        key: 'basic',
        label: label('特价申请', 'Special price request'),
        fields: [
          'new_name',
          'new_dealer_id',
          'new_product_id',
          'new_qty',
          'new_listprice',
          'new_currentprice',
          'new_price',
          'new_amount',
          'new_validfrom',
          'new_validto',
          'new_reason',
          'new_pricelistitem_id',
        ],
      },
    ],
  },
});
