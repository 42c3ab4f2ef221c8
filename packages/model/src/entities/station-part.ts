import { defineEntity, int, label, lookup, text } from '../define.ts';
import { STATIONS } from '../screens.ts';

/**
 * Inventory limits of a part at a station (库存上下限, `new_srv_stationpart`): the least and most the
 * station should hold. Head office maintains them (one by one or in the batch grid); the station
 * sees its own, beside its stock, in the station inventory screen.
 */
export const stationPart = defineEntity({
  logicalName: 'new_srv_stationpart',
  entitySet: 'new_srv_stationparts',
  label: label('库存上下限', 'Inventory limit'),
  scope: { kind: 'station', field: 'new_station_id' },
  access: { read: 'stock.read', write: 'stock.limit' },
  screens: {
    list: {
      name: 'stationPartList',
      path: '/stationPart/list',
      title: 'menu.stationPart',
      menu: { group: 'inventory', order: 30, key: 'stationPart', label: 'menu.stationPart', units: STATIONS },
    },
    edit: { name: 'stationPartEdit', path: '/stationPart/edit', idFromQuery: true },
  },
  fields: {
    new_name: text(label('配件名称', 'Part name'), { readOnly: true, searchable: true, maxLength: 200 }),
    new_code: text(label('物料编码', 'Part number'), { readOnly: true, searchable: true, maxLength: 60 }),
    new_station_id: lookup('new_srv_station', label('服务站', 'Service station'), { required: true, indexed: true }),
    new_product_id: lookup('product', label('配件', 'Part'), { required: true }),
    new_minqty: int(label('库存下限', 'Minimum'), { required: true, min: 0, max: 99_999 }),
    new_maxqty: int(label('库存上限', 'Maximum'), { required: true, min: 0, max: 99_999 }),
    new_memo: text(label('备注', 'Memo'), { maxLength: 100 }),
  },
  uniques: [['new_station_id', 'new_product_id']],
  checks: { range: 'new_minqty <= new_maxqty' },
  views: {
    all: {
      label: label('全部上下限', 'All limits'),
      columns: ['new_station_id', 'new_code', 'new_name', 'new_minqty', 'new_maxqty', 'new_memo', 'modifiedon'],
      orderBy: [['new_code', 'asc']],
    },
  },
  forms: {
    main: [
      {
        key: 'basic',
        label: label('上下限', 'Limits'),
        fields: ['new_station_id', 'new_product_id', 'new_code', 'new_name', 'new_minqty', 'new_maxqty', 'new_memo'],
      },
    ],
  },
});
