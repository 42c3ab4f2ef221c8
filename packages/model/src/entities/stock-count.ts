import { date, dateTime, defineEntity, int, label, lookup, optionSet, text } from '../define.ts';
import { invTaskState, stockCheckSource, stockCheckState } from '../option-sets/parts.ts';

const RO = { readOnly: true } as const;

/**
 * Stock count sheet (盘点单, `new_srv_stockcheck`) of one warehouse: its lines are every part of the
 * warehouse when it was opened. The warehouse enters counted quantities (in the grid or by Excel
 * import), submits, and a user with `stock.adjust` confirms: each line's variance against the
 * quantity at that moment is posted as a "storage adjustment" move, so on-hand equals what was
 * counted. A head-office inventory task opens one sheet per station (source 2).
 */
export const stockCheck = defineEntity({
  logicalName: 'new_srv_stockcheck',
  entitySet: 'new_srv_stockchecks',
  label: label('盘点单', 'Stock count'),
  scope: { kind: 'businessUnit', field: 'owningbusinessunit' },
  access: { read: 'stock.read', write: 'stock.write' },
  screens: {
    list: {
      name: 'stockcheckList',
      path: '/stockcheck/list',
      page: 'CountListPage',
      menu: { group: 'inventory', order: 10, key: 'takeStock', label: 'menu.takeStock' },
    },
    edit: { name: 'stockcheckEdit', path: '/stockcheck/edit/:id', page: 'CountSheetPage' },
  },
  attachments: true,
  // Head and memo while counting; counts move on by their commands (submit, confirm, cancel).
  edit: {
    field: 'new_state',
    initial: stockCheckState.counting,
    states: [stockCheckState.counting],
    locked: 'stock.countNotOpen',
    deleteLocked: 'stock.countNotOpen',
  },
  fields: {
    new_name: text(label('盘点单号', 'Count number'), { readOnly: true, searchable: true, maxLength: 40, unique: true }),
    new_warehouse_id: lookup('new_srv_warehouse', label('盘点仓库', 'Warehouse'), RO),
    new_station_id: lookup('new_srv_station', label('服务站', 'Service station'), { readOnly: true, indexed: true }),
    new_source: optionSet(stockCheckSource, undefined, { readOnly: true, indexed: true }),
    new_invtask_id: lookup('new_srv_invtask', label('盘点任务', 'Inventory task'), RO),
    // The task's subject and head office's note as released, shown to the station on its sheet and in the task list.
    new_tasksubject: text(label('任务主题', 'Task subject'), { readOnly: true, searchable: true, maxLength: 100 }),
    new_tasknote: text(label('总部说明', 'Note from head office'), { readOnly: true, maxLength: 100 }),
    new_state: optionSet(stockCheckState, undefined, { readOnly: true, indexed: true }),
    new_checkdate: date(label('盘点日期', 'Count date')),
    new_deadline: date(label('完成期限', 'Deadline'), RO),
    new_linecount: int(label('明细行数', 'Lines'), RO),
    new_countedcount: int(label('已盘行数', 'Counted lines'), RO),
    new_variancecount: int(label('差异行数', 'Lines with variance'), RO),
    new_submittime: dateTime(label('提交时间', 'Submitted on'), RO),
    new_confirmtime: dateTime(label('确认时间', 'Confirmed on'), RO),
    new_confirmedby_id: lookup('systemuser', label('确认人', 'Confirmed by'), RO),
    new_memo: text(label('备注', 'Memo'), { maxLength: 100 }),
  },
  indexes: [['new_invtask_id']],
  views: {
    all: {
      label: label('全部盘点单', 'All counts'),
      columns: [
        'new_name',
        'new_warehouse_id',
        'new_source',
        'new_state',
        'new_checkdate',
        'new_linecount',
        'new_countedcount',
        'new_variancecount',
        'new_confirmtime',
        'createdon',
      ],
      orderBy: [['createdon', 'desc']],
    },
    open: {
      label: label('未确认', 'Not confirmed'),
      columns: [
        'new_name',
        'new_warehouse_id',
        'new_source',
        'new_state',
        'new_checkdate',
        'new_deadline',
        'new_linecount',
        'new_countedcount',
        'createdon',
      ],
      orderBy: [['createdon', 'desc']],
      filter: { new_state: [stockCheckState.counting, stockCheckState.submitted] },
    },
    tasks: {
      label: label('盘点任务', 'Inventory tasks'),
      columns: [
        'new_name',
        'new_tasksubject',
        'new_station_id',
        'new_warehouse_id',
        'new_state',
        'new_deadline',
        'new_linecount',
        'new_countedcount',
        'new_variancecount',
        'new_confirmtime',
      ],
      orderBy: [['createdon', 'desc']],
      filter: { new_source: 2 },
    },
  },
  forms: {
    main: [
      {
        key: 'basic',
        label: label('盘点信息', 'Count'),
        fields: [
          'new_name',
          'new_warehouse_id',
          'new_station_id',
          'new_source',
          'new_invtask_id',
          'new_tasksubject',
          'new_tasknote',
          'new_state',
          'new_checkdate',
          'new_deadline',
          'new_memo',
        ],
      },
      {
        key: 'progress',
        label: label('盘点进度', 'Progress'),
        fields: ['new_linecount', 'new_countedcount', 'new_variancecount', 'new_submittime', 'new_confirmtime', 'new_confirmedby_id'],
        on: 'edit',
      },
    ],
  },
});

/** One part of a count sheet: what the books said, what was counted, and the variance posted on confirm. */
export const stockCheckDetail = defineEntity({
  logicalName: 'new_srv_stockcheckdetail',
  entitySet: 'new_srv_stockcheckdetails',
  label: label('盘点明细', 'Count line'),
  scope: { kind: 'businessUnit', field: 'owningbusinessunit' },
  access: { read: 'stock.read' },
  fields: {
    new_name: text(label('配件名称', 'Part name'), { readOnly: true, searchable: true, maxLength: 200 }),
    new_stockcheck_id: lookup('new_srv_stockcheck', label('盘点单', 'Stock count'), { required: true, readOnly: true }),
    new_code: text(label('物料编码', 'Part number'), { readOnly: true, searchable: true, maxLength: 60 }),
    new_product_id: lookup('product', label('配件', 'Part'), RO),
    new_uom: text(label('单位', 'Unit'), { readOnly: true, maxLength: 20 }),
    new_bookqty: int(label('账面数量', 'Book quantity'), RO),
    new_countqty: int(label('实盘数量', 'Counted quantity'), { min: 0, max: 99_999 }),
    new_variance: int(label('差异数量', 'Variance'), RO),
    new_memo: text(label('备注', 'Memo'), { maxLength: 100 }),
  },
  uniques: [['new_stockcheck_id', 'new_product_id']],
  indexes: [['new_stockcheck_id', 'new_code']],
  views: {
    byDocument: {
      label: label('盘点明细', 'Lines'),
      columns: ['new_code', 'new_name', 'new_uom', 'new_bookqty', 'new_countqty', 'new_variance', 'new_memo'],
      orderBy: [['new_code', 'asc']],
    },
  },
});

/**
 * An inventory task of head office (盘点任务): a count for each chosen station, with a deadline.
 * Readable by everyone with stock access (a station sees the task its sheet belongs to); what each
 * station counted is in its own, scoped sheet.
 */
export const invTask = defineEntity({
  logicalName: 'new_srv_invtask',
  entitySet: 'new_srv_invtasks',
  label: label('盘点任务', 'Inventory task'),
  scope: { kind: 'global' },
  access: { read: 'stock.read', write: 'invtask.manage' },
  edit: {
    field: 'new_state',
    initial: invTaskState.inProgress,
    states: [invTaskState.inProgress],
    locked: 'records.stateLocked',
    deleteLocked: 'records.stateLocked',
  },
  fields: {
    new_name: text(label('任务编号', 'Task number'), { readOnly: true, searchable: true, maxLength: 40, unique: true }),
    new_subject: text(label('任务主题', 'Subject'), { required: true, searchable: true, maxLength: 100 }),
    new_deadline: date(label('完成期限', 'Deadline'), { required: true }),
    new_state: optionSet(invTaskState, undefined, { readOnly: true, indexed: true }),
    new_stationcount: int(label('服务站数', 'Stations'), RO),
    new_donecount: int(label('已完成数', 'Completed'), RO),
    new_memo: text(label('备注', 'Memo'), { maxLength: 100 }),
  },
  views: {
    all: {
      label: label('全部任务', 'All tasks'),
      columns: ['new_name', 'new_subject', 'new_deadline', 'new_state', 'new_stationcount', 'new_donecount', 'createdby', 'createdon'],
      orderBy: [['createdon', 'desc']],
    },
  },
});
