import { date, defineEntity, label, lookup, money, text } from '../define.ts';

/**
 * The price list (价格表, issue 27): the price of a product for a buyer (a dealer, a store; head
 * office's own line is everyone's) over a period. A sales order's lines take, at the time, the
 * price of the buyer's nearest unit that has a line for the product (the store's own, else its
 * dealer's, else head office's), else the product's list price; submitting locks them. One line per
 * buyer and product in a period (overlaps refused). Head office's sales administrators keep it;
 * a buyer reads its own. Business: server domain/sales/price-list.ts.
 */
export const priceListItem = defineEntity({
  logicalName: 'new_pricelistitem',
  entitySet: 'new_pricelistitems',
  label: label('价格表', 'Price list'),
  scope: { kind: 'businessUnit', field: 'new_buyer_id' },
  access: { read: 'sales.read', write: 'sales.price' },
  screens: {
    list: {
      name: 'priceList',
      path: '/pricelist/list',
      title: 'menu.priceList',
      menu: { group: 'sales', order: 80, key: 'priceList', label: 'menu.priceList' },
    },
    create: { name: 'priceListCreate', path: '/pricelist/create' },
    edit: { name: 'priceListEdit', path: '/pricelist/edit/:id' },
  },
  fields: {
    new_name: text(label('产品名称', 'Product name'), { readOnly: true, searchable: true, maxLength: 200 }),
    new_buyer_id: lookup('businessunit', label('客户（经销商/门店）', 'Buyer (dealer or store)'), { required: true, indexed: true }),
    new_product_id: lookup('product', label('产品', 'Product'), { required: true, indexed: true }),
    new_price: money(label('价格', 'Price'), { required: true, min: 0 }),
    new_validfrom: date(label('生效日期', 'Valid from')),
    new_validto: date(label('失效日期', 'Valid to')),
    new_memo: text(label('备注', 'Memo'), { maxLength: 100 }),
  },
  indexes: [['new_buyer_id', 'new_product_id']],
  views: {
    all: {
      label: label('全部价格', 'All prices'),
      columns: ['new_buyer_id', 'new_product_id', 'new_name', 'new_price', 'new_validfrom', 'new_validto', 'new_memo'],
      orderBy: [['new_buyer_id', 'asc']],
    },
  },
  forms: {
    main: [
      {
        key: 'basic',
        label: label('价格', 'Price'),
        fields: ['new_buyer_id', 'new_product_id', 'new_name', 'new_price', 'new_validfrom', 'new_validto', 'new_memo'],
      },
    ],
  },
});
