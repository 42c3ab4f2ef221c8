import { bool, defineEntity, int, label, lookup, memo, money, optionSet, text } from '../define.ts';
import { amountAdjustType, amountAdjustValidity, quotaDocumentType, quotaUsage } from '../option-sets/quota.ts';
import { STATIONS } from '../screens.ts';

/**
 * Quota adjustment (额度调整单, spec 001 §3/§4): head office raises or lowers a station's quota,
 * through an approval flow; only the final approval posts it to the quota ledger, once.
 */
export const amountAdjustment = defineEntity({
  logicalName: 'new_srv_amountadjustment',
  entitySet: 'new_srv_amountadjustments',
  label: label('额度调整单', 'Quota adjustment'),
  scope: { kind: 'station', field: 'new_station_id' },
  access: { read: 'quota.read', write: 'quota.adjust' },
  screens: {
    list: {
      name: 'amountAdjustList',
      path: '/amountAdjust/list',
      keepAlive: true,
      title: 'menu.amountAdjust',
      allowImport: false,
      allowDelete: false,
      menu: { group: 'service', order: 10, key: 'amountAdjust', label: 'menu.amountAdjust', units: STATIONS },
    },
    create: { name: 'amountAdjustCreate', path: '/amountAdjust/create' },
    edit: { name: 'amountAdjustEdit', path: '/amountAdjust/edit/:id', page: 'AmountAdjustFormPage' },
  },
  document: {
    number: { prefix: 'ED', period: 'month' },
    approval: { amount: 'new_amount', meaning: 'new_amounttype', commit: 'new_iscommit' },
  },
  attachments: true,
  fields: {
    new_name: text(label('单号', 'Number'), { readOnly: true, searchable: true, maxLength: 40, indexed: true }),
    new_station_id: lookup('new_srv_station', label('服务站', 'Service station'), { required: true, indexed: true }),
    new_amounttype: optionSet(amountAdjustType, undefined, { required: true }),
    new_amount: money(label('调整金额', 'Amount'), { required: true, min: 0.01, max: 99_999_999.99 }),
    // Valid unless set otherwise (server default).
    new_adjuststatus: optionSet(amountAdjustValidity),
    new_reason: memo(label('调整原因', 'Reason'), { required: true, searchable: true, maxLength: 500 }),
    new_beforeamount: money(label('调整前额度', 'Quota before'), { readOnly: true }),
    new_afteramount: money(label('调整后额度', 'Quota after'), { readOnly: true }),
    new_iscommit: bool(label('已提交', 'Submitted'), { readOnly: true }),
  },
  indexes: [['new_station_id', 'createdon']],
  views: {
    all: {
      label: label('全部额度调整单', 'All quota adjustments'),
      columns: [
        'new_name',
        'new_station_id',
        'new_amounttype',
        'new_amount',
        'new_adjuststatus',
        'new_approvalstatus',
        'new_stepname',
        'new_afteramount',
        'createdon',
      ],
      orderBy: [['createdon', 'desc']],
    },
  },
  forms: {
    main: [
      {
        key: 'basic',
        label: label('基本信息', 'Basic information'),
        fields: ['new_name', 'new_station_id', 'new_amounttype', 'new_amount', 'new_adjuststatus', 'new_reason'],
      },
      { key: 'posting', label: label('额度变动', 'Quota change'), fields: ['new_beforeamount', 'new_afteramount'], on: 'edit' },
    ],
  },
});

/**
 * One move of the station quota ledger (额度变动记录, append-only): the station's quota before, the
 * signed change and the quota after, the document that caused it, and a unique key per move so a
 * retried posting counts once. Who and when: createdby, createdon. Written only by
 * `server/src/domain/quota/ledger.ts`, in the transaction that changes the station's balance.
 */
export const amountChangeLog = defineEntity({
  logicalName: 'new_srv_amountchangelog',
  entitySet: 'new_srv_amountchangelogs',
  label: label('额度变动记录', 'Quota change log'),
  scope: { kind: 'station', field: 'new_station_id' },
  access: { read: 'quota.read' },
  screens: {
    list: {
      name: 'amountChangeLogList',
      path: '/amountChangeLog/list',
      keepAlive: true,
      title: 'menu.amountChangeLog',
      readOnly: true,
      menu: { group: 'service', order: 20, key: 'amountChangeLog', label: 'menu.amountChangeLog', units: STATIONS },
    },
    view: { name: 'amountChangeLogLine', path: '/amountChangeLog/Line/:id' },
  },
  fields: {
    new_name: text(label('单据编号', 'Document number'), { readOnly: true, searchable: true, maxLength: 60 }),
    new_station_id: lookup('new_srv_station', label('服务站', 'Service station'), { readOnly: true, indexed: true }),
    new_usage: optionSet(quotaUsage, undefined, { readOnly: true, indexed: true }),
    new_doctype: optionSet(quotaDocumentType, undefined, { readOnly: true }),
    new_docid: text(label('单据', 'Document'), { readOnly: true, maxLength: 36 }),
    new_beforeamount: money(label('变动前额度', 'Quota before'), { readOnly: true }),
    new_changeamount: money(label('变动金额', 'Change'), { readOnly: true }),
    new_afteramount: money(label('变动后额度', 'Quota after'), { readOnly: true }),
    new_seq: int(label('序号', 'Sequence'), { readOnly: true }),
    new_key: text(label('幂等键', 'Idempotency key'), { readOnly: true, secret: true, unique: true, maxLength: 120 }),
  },
  // (station, time): 流水's period filter (issue 24).
  indexes: [['new_station_id', 'new_seq'], ['new_docid'], ['new_station_id', 'createdon']],
  views: {
    all: {
      label: label('全部额度变动', 'All quota moves'),
      columns: [
        'createdon',
        'new_station_id',
        'new_usage',
        'new_name',
        'new_beforeamount',
        'new_changeamount',
        'new_afteramount',
        'createdby',
      ],
      orderBy: [['createdon', 'desc']],
    },
  },
  forms: {
    main: [
      {
        key: 'move',
        label: label('额度变动', 'Quota move'),
        fields: ['new_station_id', 'new_usage', 'new_doctype', 'new_name', 'createdon', 'createdby'],
      },
      { key: 'amounts', label: label('金额', 'Amounts'), fields: ['new_beforeamount', 'new_changeamount', 'new_afteramount'] },
    ],
  },
});
