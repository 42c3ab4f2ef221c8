import { dateTime, defineEntity, defineNamedOptionSet, int, label, lookup, money, optionSet, text } from '../define.ts';
import { STATIONS } from '../screens.ts';

const RO = { readOnly: true } as const;

/** spec 001 §4: old parts back to factory logistics state. */
export const partsReturnState = defineNamedOptionSet('new_srv_partsreturn_state', label('物流状态', 'Logistics state'), {
  draft: { value: 1, label: label('待提交', 'To be submitted'), color: 'default' },
  delivered: { value: 2, label: label('已发货', 'Delivered'), color: 'blue' },
  semiReceived: { value: 3, label: label('部分签收', 'Semi received'), color: 'orange' },
  received: { value: 4, label: label('已签收', 'Received'), color: 'cyan' },
  confirmed: { value: 5, label: label('已确认', 'Confirmed'), color: 'green' },
});

/** spec 001 §4: verify status of an old-parts return — pending or written off (核销). */
export const partsReturnVerify = defineNamedOptionSet('new_srv_partsreturn_verify', label('核销状态', 'Verify status'), {
  pending: { value: 1, label: label('待核销', 'Pending'), color: 'default' },
  writtenOff: { value: 2, label: label('已核销', 'Written off'), color: 'green' },
});

/**
 * Old parts back to factory (旧件返厂, `new_srv_partsreturn`, spec 001 §2/§3): the old parts a
 * station removed on its work orders (the parts replacement lines) are owed back to the factory.
 * The station picks owed parts into a return (lines only through that command), delivers it with
 * logistics and freight; head office receives (per line, semi received while partial), confirms and
 * writes it off. A confirmed return feeds the station's next settlement (freight paid, parts not
 * received deducted). Station-scoped.
 */
export const partsReturn = defineEntity({
  logicalName: 'new_srv_partsreturn',
  entitySet: 'new_srv_partsreturns',
  label: label('旧件返厂单', 'Old-parts return'),
  // An engineer reaches the returns that hold a line of their orders (the lines themselves: theirs only).
  scope: {
    kind: 'station',
    field: 'new_station_id',
    assignee: { referencedBy: { entity: 'new_srv_partsreturndetail', field: 'new_partsreturn_id' } },
  },
  access: { read: 'parts.read', write: 'parts.write' },
  screens: {
    list: {
      name: 'partsReturnList',
      path: '/partsReturn/list',
      keepAlive: true,
      title: 'menu.partsReturn',
      allowImport: false,
      menu: { group: 'parts', order: 70, key: 'partsReturn', label: 'menu.partsReturn', units: STATIONS },
    },
    create: { name: 'partsReturnCreate', path: '/partsReturn/create', page: 'PartsReturnPage' },
    edit: { name: 'partsReturnEdit', path: '/partsReturn/edit/:id', page: 'PartsReturnPage' },
  },
  document: {
    number: { prefix: 'JF', period: 'day' },
    status: { field: 'new_state', set: partsReturnState, editable: [partsReturnState.draft] },
    // Written only by its own calls (pick, change, remove); the record service refuses them (the controller's `lines`).
    lines: [{ entity: 'new_srv_partsreturndetail', parent: 'new_partsreturn_id' }],
    // The business is server/src/domain/parts-return/parts-return.controller.ts (head office only: receive, confirm, write off).
    commands: {
      deliver: {
        label: 'partsReturn.ui.deliver',
        from: [partsReturnState.draft],
        to: partsReturnState.delivered,
        privilege: 'parts.write',
        refused: 'parts.onlyDraftModify',
        path: '/parts-returns/:id/deliver',
      },
      receive: {
        label: 'partsReturn.ui.receive',
        from: [partsReturnState.delivered, partsReturnState.semiReceived],
        privilege: 'parts.read',
        refused: 'partsReturn.onlyDelivered',
        path: '/parts-returns/:id/receive',
      },
      confirm: {
        label: 'partsReturn.ui.confirm',
        confirm: 'partsReturn.ui.confirmAsk',
        from: [partsReturnState.received, partsReturnState.semiReceived],
        to: partsReturnState.confirmed,
        privilege: 'parts.read',
        refused: 'partsReturn.onlyReceived',
        path: '/parts-returns/:id/confirm',
      },
      writeoff: {
        label: 'partsReturn.ui.writeOff',
        confirm: 'partsReturn.ui.writeOffAsk',
        from: [partsReturnState.confirmed],
        privilege: 'parts.read',
        refused: 'partsReturn.onlyConfirmed',
        path: '/parts-returns/:id/writeoff',
      },
    },
    print: { path: '/partsReturn/print/:id', label: 'partsReturn.ui.print' },
  },
  fields: {
    new_name: text(label('返厂单号', 'Return number'), { readOnly: true, searchable: true, maxLength: 40, unique: true }),
    new_station_id: lookup('new_srv_station', label('服务站', 'Service station'), { readOnly: true, indexed: true }),
    new_state: optionSet(partsReturnState, undefined, { readOnly: true, indexed: true }),
    new_verifystatus: optionSet(partsReturnVerify, undefined, { readOnly: true, indexed: true }),
    new_contact: text(label('联系人', 'Contact'), { maxLength: 60 }),
    new_phone: text(label('联系电话', 'Phone number'), { pattern: 'phone', maxLength: 30 }),
    new_logisticscorp: text(label('物流公司', 'Logistics company'), { readOnly: true, maxLength: 60 }),
    new_trackingno: text(label('物流单号', 'Tracking number'), { readOnly: true, maxLength: 60 }),
    new_freight: money(label('运费', 'Freight'), RO),
    new_totalqty: int(label('返厂总数', 'Total quantity'), RO),
    new_receivedqty: int(label('签收总数', 'Received quantity'), RO),
    new_totalamount: money(label('旧件金额', 'Old-part amount'), RO),
    new_linecount: int(label('明细行数', 'Lines'), RO),
    new_deliveredon: dateTime(label('发货时间', 'Delivered on'), RO),
    new_receivedon: dateTime(label('签收时间', 'Received on'), RO),
    new_confirmedon: dateTime(label('确认时间', 'Confirmed on'), RO),
    new_writtenoffon: dateTime(label('核销时间', 'Written off on'), RO),
    new_expenseclaim_id: lookup('new_srv_expense_claim', label('费用结算单', 'Expense settlement'), RO),
    new_memo: text(label('备注', 'Memo'), { maxLength: 100 }),
  },
  indexes: [['new_station_id', 'createdon']],
  views: {
    all: {
      label: label('全部旧件返厂单', 'All old-parts returns'),
      columns: [
        'new_name',
        'new_station_id',
        'new_totalqty',
        'new_receivedqty',
        'new_freight',
        'new_state',
        'new_verifystatus',
        'new_trackingno',
        'new_deliveredon',
        'createdon',
      ],
      orderBy: [['createdon', 'desc']],
    },
    toReceive: {
      label: label('待签收', 'To be received'),
      columns: [
        'new_name',
        'new_station_id',
        'new_totalqty',
        'new_receivedqty',
        'new_logisticscorp',
        'new_trackingno',
        'new_state',
        'new_deliveredon',
      ],
      orderBy: [['new_deliveredon', 'asc']],
      filter: { new_state: [partsReturnState.delivered, partsReturnState.semiReceived] },
    },
  },
  forms: {
    main: [
      { key: 'basic', label: label('返厂信息', 'Return'), fields: ['new_name', 'new_contact', 'new_phone', 'new_memo'] },
      {
        key: 'state',
        label: label('物流与状态', 'Logistics and state'),
        on: 'edit',
        fields: [
          'new_state',
          'new_verifystatus',
          'new_station_id',
          'new_logisticscorp',
          'new_trackingno',
          'new_freight',
          'new_totalqty',
          'new_receivedqty',
          'new_totalamount',
          'new_deliveredon',
          'new_receivedon',
          'new_confirmedon',
          'new_writtenoffon',
          'new_expenseclaim_id',
        ],
      },
    ],
  },
});

/**
 * A line of an old-parts return: one work order's parts replacement line (`new_srv_partline`), the
 * count sent back (≤ what is still owed on that part line over all returns), the cost centre it is
 * booked to, and the count head office received. Created only by the "pick owed old parts" command.
 */
export const partsReturnDetail = defineEntity({
  logicalName: 'new_srv_partsreturndetail',
  entitySet: 'new_srv_partsreturndetails',
  label: label('旧件返厂明细', 'Old-parts return line'),
  scope: { kind: 'station', field: 'new_station_id', assignee: { via: 'new_partline_id' } },
  access: { read: 'parts.read', write: 'parts.write' },
  fields: {
    new_name: text(label('配件名称', 'Part name'), { readOnly: true, maxLength: 200 }),
    // Not read-only, so a direct create reaches the server's refusal ("cannot be created directly") rather than a field error.
    new_partsreturn_id: lookup('new_srv_partsreturn', label('旧件返厂单', 'Old-parts return'), { required: true, indexed: true }),
    new_station_id: lookup('new_srv_station', label('服务站', 'Service station'), RO),
    new_partline_id: lookup('new_srv_partline', label('配件更换明细', 'Parts replacement line'), { required: true, indexed: true }),
    new_workorder_id: lookup('new_srv_workorder', label('服务工单', 'Work order'), RO),
    new_product_id: lookup('product', label('配件', 'Part'), RO),
    new_code: text(label('物料编码', 'Part number'), { readOnly: true, maxLength: 60 }),
    new_oldserialno: text(label('旧件序列号', 'Old part serial number'), { readOnly: true, maxLength: 60 }),
    new_qty: int(label('返厂数量', 'Returned count'), { required: true, min: 1, max: 99_999 }),
    new_receivedqty: int(label('签收数量', 'Received count'), RO),
    new_price: money(label('单价', 'Unit price'), RO),
    new_amount: money(label('金额', 'Amount'), RO),
    new_costcenter: text(label('成本中心', 'Cost center'), { required: true, maxLength: 40 }),
    new_memo: text(label('备注', 'Memo'), { maxLength: 100 }),
  },
  uniques: [['new_partsreturn_id', 'new_partline_id']],
  indexes: [['new_partsreturn_id', 'createdon']],
  views: {
    byDocument: {
      label: label('返厂明细', 'Lines'),
      columns: [
        'new_code',
        'new_name',
        'new_workorder_id',
        'new_oldserialno',
        'new_qty',
        'new_receivedqty',
        'new_costcenter',
        'new_price',
        'new_amount',
        'new_memo',
      ],
      orderBy: [['createdon', 'asc']],
    },
  },
});
