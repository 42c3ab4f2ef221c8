import { defineEntity, label, lookup, money, text } from '../define.ts';
import { CREDIT_UNITS } from './temp-credit.ts';

const RO = { readOnly: true } as const;

/**
 * One change of a dealer's standing credit limit (信用额度变更记录): who (createdby), when
 * (createdon), from and to. Written by the server in the transaction that changes the limit
 * (domain/credit/limit-log.ts), never changed.
 */
export const creditLimitLog = defineEntity({
  logicalName: 'new_creditlimitlog',
  entitySet: 'new_creditlimitlogs',
  label: label('信用额度变更记录', 'Credit limit change'),
  primaryName: 'new_name',
  scope: { kind: 'businessUnit', field: 'new_unit_id' },
  access: { read: 'sales.read', notCreatedHere: 'credit.limitLogByServer' },
  screens: {
    list: {
      name: 'creditLimitLogList',
      path: '/creditlimitlog/list',
      title: 'menu.creditLimitLog',
      readOnly: true,
      menu: { group: 'finance', order: 15, key: 'creditLimitLog', label: 'menu.creditLimitLog', units: CREDIT_UNITS },
    },
    view: { name: 'creditLimitLogView', path: '/creditlimitlog/view/:id' },
  },
  fields: {
    new_name: text(label('经销商', 'Dealer'), { ...RO, searchable: true, maxLength: 160 }),
    new_account_id: lookup('new_dealeraccount', label('往来账户', 'Dealer account'), { ...RO, indexed: true }),
    new_unit_id: lookup('businessunit', label('经销商', 'Dealer'), RO),
    new_before: money(label('变更前额度', 'Limit before'), RO),
    new_after: money(label('变更后额度', 'Limit after'), RO),
    new_change: money(label('变更金额', 'Change'), RO),
  },
  indexes: [['new_unit_id', 'createdon']],
  views: {
    all: {
      label: label('全部额度变更', 'All limit changes'),
      columns: ['createdon', 'new_name', 'new_before', 'new_after', 'new_change', 'createdby'],
      orderBy: [['createdon', 'desc']],
    },
  },
  forms: {
    main: [
      {
        key: 'change',
        label: label('额度变更', 'Limit change'),
        fields: ['new_name', 'new_before', 'new_after', 'new_change', 'createdon', 'createdby'],
      },
    ],
  },
});
