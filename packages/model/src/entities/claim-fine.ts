import { bool, defineEntity, int, label, lookup, memo, money, optionSet, text } from '../define.ts';
import { fineType } from '../option-sets/approval.ts';

/** Rewards and punishments of a station (奖惩单), approved through a flow (spec 001 §3, §4). */
export const claimFine = defineEntity({
  logicalName: 'new_srv_claimfine',
  entitySet: 'new_srv_claimfines',
  label: label('奖惩单', 'Reward/punishment order'),
  scope: { kind: 'station', field: 'new_station_id' },
  access: { read: 'expense.read', write: 'expense.write' },
  screens: {
    edit: { name: 'claimFineDetail', path: '/claimFine/detail/:id', page: 'ClaimFineFormPage' },
  },
  document: {
    number: { prefix: 'JC', period: 'month' },
    approval: { amount: 'new_amount', meaning: 'new_finetype', commit: 'new_iscommit' },
  },
  attachments: true,
  fields: {
    new_name: text(label('单号', 'Number'), { readOnly: true, searchable: true, maxLength: 40, indexed: true }),
    new_station_id: lookup('new_srv_station', label('服务站', 'Service station'), { required: true, indexed: true }),
    new_finetype: optionSet(fineType, undefined, { required: true }),
    new_amount: money(label('金额', 'Amount'), { required: true, min: 0 }),
    new_checkmonth: int(label('考核月份', 'Month'), { required: true, min: 1, max: 12 }),
    new_year: int(label('考核年度', 'Year'), { required: true, min: 2013, max: 2099 }),
    new_checkitem: memo(label('考核事项', 'Check item'), { required: true, searchable: true, maxLength: 500 }),
    new_iscommit: bool(label('已提交', 'Submitted'), { readOnly: true }),
    new_expenseclaim_id: lookup('new_srv_expense_claim', label('费用结算单', 'Expense settlement'), { readOnly: true, indexed: true }),
  },
  indexes: [['new_station_id', 'createdon']],
  views: {
    all: {
      label: label('全部奖惩单', 'All orders'),
      columns: [
        'new_name',
        'new_station_id',
        'new_finetype',
        'new_amount',
        'new_year',
        'new_checkmonth',
        'new_approvalstatus',
        'new_stepname',
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
        fields: ['new_name', 'new_station_id', 'new_finetype', 'new_amount', 'new_year', 'new_checkmonth', 'new_checkitem'],
      },
    ],
  },
});
