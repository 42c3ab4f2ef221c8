import { defineEntity, int, label, lookup, text } from '../define.ts';
import { approvalStatus } from '../option-sets/approval.ts';
import { businessUnitType } from '../option-sets/organisation.ts';

const RO = { readOnly: true } as const;

const COLUMNS = [
  'new_name',
  'owningbusinessunit',
  'new_period',
  'new_totalm',
  'new_totalm1',
  'new_totalm2',
  'new_approvalstatus',
  'new_submittime',
  'createdon',
];
const stateView = (l: ReturnType<typeof label>, states: number[]) => ({
  label: l,
  columns: COLUMNS,
  orderBy: [['new_period', 'desc']] as [string, 'desc'][],
  filter: { new_approvalstatus: states },
});

/**
 * A dealer's sales forecast (销售预测 YC<month>, issue 28): one per dealer and month, a rolling
 * forecast whose lines give, per product, the quantities the dealer expects to order in that month
 * (M) and the two after it (M+1, M+2). The dealer (sales.forecast) writes it and submits it to head
 * office through the approval engine; it is locked after the month's deadline (system parameter
 * SalesForecastDeadlineDay: after that day of the month it can no longer be created, changed or
 * submitted). Business: server domain/sales-forecast/forecast.controller.ts; the report of forecast
 * against actual orders: domain/sales-forecast/report.ts.
 */
export const salesForecast = defineEntity({
  logicalName: 'new_salesforecast',
  entitySet: 'new_salesforecasts',
  label: label('销售预测', 'Sales forecast'),
  scope: { kind: 'businessUnit', field: 'owningbusinessunit' },
  access: { read: 'sales.forecast', write: 'sales.forecast' },
  screens: {
    list: {
      name: 'salesForecastList',
      path: '/salesforecast/list',
      title: 'menu.salesForecasts',
      viewTabs: true,
      allowImport: false,
      page: 'SalesForecastListPage',
      menu: {
        group: 'salesmgmt',
        order: 40,
        key: 'salesForecasts',
        label: 'menu.salesForecasts',
        units: [businessUnitType.headOffice, businessUnitType.branch, businessUnitType.dealer],
      },
    },
    create: { name: 'salesForecastCreate', path: '/salesforecast/create', page: 'SalesForecastPage' },
    view: { name: 'salesForecastView', path: '/salesforecast/view/:id', page: 'SalesForecastPage' },
  },
  document: {
    number: { prefix: 'YC', period: 'month' },
    lines: [
      {
        entity: 'new_salesforecastline',
        parent: 'new_salesforecast_id',
        totals: { new_totalm: 'new_qtym', new_totalm1: 'new_qtym1', new_totalm2: 'new_qtym2' },
      },
    ],
    approval: {},
  },
  fields: {
    new_name: text(label('预测单号', 'Forecast number'), { ...RO, unique: true, searchable: true, maxLength: 40 }),
    new_year: int(label('预测年度', 'Year'), { required: true, min: 2000, max: 2100 }),
    new_month: int(label('预测月份', 'Month'), { required: true, min: 1, max: 12 }),
    /** YYYY-MM of year and month (the server's), for lists and the report. */
    new_period: text(label('预测期间', 'Forecast month'), { ...RO, maxLength: 7, indexed: true }),
    new_totalm: int(label('当月(M)合计', 'Month M total'), RO),
    new_totalm1: int(label('次月(M+1)合计', 'Month M+1 total'), RO),
    new_totalm2: int(label('第三月(M+2)合计', 'Month M+2 total'), RO),
    new_remark: text(label('备注', 'Remark'), { maxLength: 200 }),
  },
  // The backstop of "one forecast per dealer and month" (the server's check names the one there is).
  uniques: [['owningbusinessunit', 'new_year', 'new_month']],
  views: {
    all: { label: label('全部预测', 'All forecasts'), columns: COLUMNS, orderBy: [['new_period', 'desc']] },
    draft: stateView(label('待提交', 'To be submitted'), [approvalStatus.draft, approvalStatus.rejected]),
    approved: stateView(label('已审批', 'Approved'), [approvalStatus.approved]),
  },
  forms: {
    main: [
      {
        key: 'basic',
        label: label('预测信息', 'Forecast'),
        fields: ['new_name', 'new_year', 'new_month', 'new_period', 'new_totalm', 'new_totalm1', 'new_totalm2', 'new_remark'],
      },
    ],
  },
});

/** A forecast line: a product and the quantities expected in M, M+1 and M+2 (one line per product). */
export const salesForecastLine = defineEntity({
  logicalName: 'new_salesforecastline',
  entitySet: 'new_salesforecastlines',
  label: label('预测明细', 'Forecast line'),
  scope: { kind: 'businessUnit', field: 'owningbusinessunit' },
  access: { read: 'sales.forecast', write: 'sales.forecast' },
  fields: {
    new_name: text(label('产品名称', 'Product name'), { ...RO, maxLength: 200 }),
    new_salesforecast_id: lookup('new_salesforecast', label('销售预测', 'Sales forecast'), { required: true, indexed: true }),
    new_product_id: lookup('product', label('产品', 'Product'), { required: true }),
    new_productline_id: lookup('new_productline', label('产品线', 'Product line'), RO),
    new_qtym: int(label('当月(M)数量', 'Month M quantity'), { required: true, min: 0, max: 999_999 }),
    new_qtym1: int(label('次月(M+1)数量', 'Month M+1 quantity'), { required: true, min: 0, max: 999_999 }),
    new_qtym2: int(label('第三月(M+2)数量', 'Month M+2 quantity'), { required: true, min: 0, max: 999_999 }),
    new_remark: text(label('备注', 'Remark'), { maxLength: 100 }),
  },
  uniques: [['new_salesforecast_id', 'new_product_id']],
  checks: { qty: 'new_qtym >= 0 AND new_qtym1 >= 0 AND new_qtym2 >= 0' },
  views: {
    byDocument: {
      label: label('预测明细', 'Forecast lines'),
      columns: ['new_name', 'new_product_id', 'new_productline_id', 'new_qtym', 'new_qtym1', 'new_qtym2', 'new_remark'],
      orderBy: [['createdon', 'asc']],
    },
  },
});
