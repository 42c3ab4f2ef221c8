import { defineEntity, int, label, lookup, memo, money, optionSet, text } from '../define.ts';
import { productState } from '../option-sets/service.ts';

export const productLine = defineEntity({
  logicalName: 'new_productline',
  entitySet: 'new_productlines',
  label: label('产品线', 'Product line'),
  scope: { kind: 'global' },
  access: { read: 'product.read', write: 'product.write' },
  fields: {
    new_name: text(label('产品线', 'Product line'), { required: true, searchable: true }),
    new_code: text(label('编码', 'Code'), { required: true, unique: true, maxLength: 40 }),
  },
  views: { all: { label: label('全部产品线', 'All product lines'), columns: ['new_code', 'new_name'], orderBy: [['new_code', 'asc']] } },
});

/** Products and spare parts sold in the shop and used in service (spec 001 §3). */
export const product = defineEntity({
  logicalName: 'product',
  entitySet: 'products',
  label: label('产品', 'Product'),
  primaryName: 'name',
  scope: { kind: 'global' },
  access: { read: 'product.read', write: 'product.write' },
  attachments: true,
  fields: {
    name: text(label('产品名称', 'Product name'), { required: true, searchable: true, maxLength: 200 }),
    productnumber: text(label('物料编码', 'Part number'), { required: true, unique: true, searchable: true, maxLength: 60 }),
    new_model: text(label('型号', 'Model'), { maxLength: 100, searchable: true }),
    new_productline_id: lookup('new_productline', label('产品线', 'Product line'), { indexed: true }),
    new_uom: text(label('单位', 'Unit'), { maxLength: 20 }),
    price: money(label('单价', 'Unit price'), { min: 0 }),
    new_state: optionSet(productState, undefined, { required: true, indexed: true }),
    description: memo(label('说明', 'Description'), { maxLength: 2000 }),
    /** One "name：value" per line; the shop shows it as the specification table. */
    new_specification: memo(label('规格参数', 'Specification'), { maxLength: 4000 }),
  },
  views: {
    active: {
      label: label('有效产品', 'Active products'),
      columns: ['productnumber', 'name', 'new_model', 'new_productline_id', 'new_uom', 'price'],
      orderBy: [['productnumber', 'asc']],
      filter: { new_state: productState.active },
    },
  },
  forms: {
    main: [
      {
        key: 'basic',
        label: label('产品信息', 'Product'),
        fields: [
          'name',
          'productnumber',
          'new_model',
          'new_productline_id',
          'new_uom',
          'price',
          'new_state',
          'description',
          'new_specification',
        ],
      },
    ],
  },
});

/** A line in a user's cart (spec 000 §3: groups of ProductList). */
export const cartItem = defineEntity({
  logicalName: 'new_cartitem',
  entitySet: 'new_cartitems',
  label: label('购物车商品', 'Cart item'),
  scope: { kind: 'user', field: 'ownerid' },
  fields: {
    new_name: text(label('名称', 'Name'), { maxLength: 200 }),
    new_product_id: lookup('product', label('产品', 'Product'), { required: true }),
    new_qty: int(label('数量', 'Quantity'), { required: true, min: 1, max: 99999 }),
  },
  indexes: [['ownerid', 'new_product_id']],
});
