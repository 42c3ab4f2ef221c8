import { bool, decimal, defineEntity, int, label, lookup, memo, money, optionSet, text } from '../define.ts';
import { coopCustomerKind } from '../option-sets/user-centre.ts';
import { USER_CENTRE_UNITS } from '../user-centre-api.ts';

/**
 * The dealer's user centre (issue 27, spec 001 §2 "User centre"): its stores, end customers, product
 * list per store and cooperating customers. Every row sits in a unit of the dealer's chain (the
 * dealer's unit or a store's), so the business-unit scope gives a dealer its own chain, a store its
 * own rows and head office everything; the unit is the server's (never written by a client).
 * Dealers (dealer.manage) write; whoever reads sales documents (sales.read: the store, the dealer's
 * finance, head-office sales) reads.
 */
const ACCESS = { read: 'sales.read', write: 'dealer.manage' } as const;
const MENU = { units: USER_CENTRE_UNITS, privileges: ['dealer.manage' as const] };

const address = {
  new_province: text(label('省份', 'Province'), { maxLength: 40 }),
  new_city: text(label('城市', 'City'), { maxLength: 40 }),
  new_county: text(label('区县', 'County'), { maxLength: 40 }),
  new_address: text(label('详细地址', 'Address'), { maxLength: 200 }),
};

/**
 * A store (门店): a business unit of type store under the dealer's unit, with a default store
 * warehouse, both made with it in one transaction by the server (domain/user-centre/stores.ts). The
 * store row is owned by its own unit, so a store's staff read their store and the dealer all of its.
 * A store is deactivated, never deleted (its unit, warehouse and stock stay).
 */
export const store = defineEntity({
  logicalName: 'new_store',
  entitySet: 'new_stores',
  label: label('门店', 'Store'),
  pluralLabel: label('门店', 'Stores'),
  scope: { kind: 'businessUnit', field: 'new_businessunit_id' },
  access: ACCESS,
  screens: {
    list: {
      name: 'storeList',
      path: '/usercenter/list',
      title: 'menu.storeList',
      allowImport: false,
      allowDelete: false,
      menu: { group: 'usercenter', order: 10, key: 'storeList', label: 'menu.storeList', ...MENU },
    },
    create: { name: 'storeCreate', path: '/usercenter/create' },
    edit: { name: 'storeView', path: '/usercenter/view/:id', allowDelete: false },
  },
  fields: {
    new_name: text(label('门店名称', 'Store name'), { required: true, searchable: true, maxLength: 100 }),
    new_code: text(label('门店编码', 'Store code'), { required: true, unique: true, searchable: true, maxLength: 30 }),
    new_dealer_id: lookup('businessunit', label('所属经销商', 'Dealer'), { readOnly: true, indexed: true }),
    new_businessunit_id: lookup('businessunit', label('门店组织', 'Store unit'), { readOnly: true, unique: true }),
    new_warehouse_id: lookup('new_srv_warehouse', label('默认仓库', 'Default warehouse'), { readOnly: true }),
    ...address,
    new_contact: text(label('联系人', 'Contact'), { maxLength: 60 }),
    new_phone: text(label('联系电话', 'Phone'), { pattern: 'phone', maxLength: 30 }),
    new_manager: text(label('店长', 'Store manager'), { maxLength: 60 }),
    new_isactive: bool(label('启用', 'Active'), { trueLabel: label('启用', 'Active'), falseLabel: label('停用', 'Inactive') }),
  },
  views: {
    all: {
      label: label('全部门店', 'All stores'),
      columns: ['new_code', 'new_name', 'new_dealer_id', 'new_city', 'new_manager', 'new_phone', 'new_warehouse_id', 'new_isactive'],
      orderBy: [['new_code', 'asc']],
    },
    active: {
      label: label('启用的门店', 'Active stores'),
      columns: ['new_code', 'new_name', 'new_dealer_id', 'new_city', 'new_manager', 'new_phone', 'new_warehouse_id'],
      orderBy: [['new_code', 'asc']],
      filter: { new_isactive: true },
    },
  },
  forms: {
    main: [
      {
        key: 'basic',
        label: label('基本信息', 'Basic information'),
        fields: ['new_name', 'new_code', 'new_manager', 'new_isactive', 'new_dealer_id', 'new_businessunit_id', 'new_warehouse_id'],
      },
      {
        key: 'address',
        label: label('地址与联系人', 'Address and contact'),
        fields: ['new_province', 'new_city', 'new_county', 'new_address', 'new_contact', 'new_phone'],
      },
    ],
  },
});

/**
 * An end customer (终端客户) of the dealer or of one of its stores. Not the service side's customer:
 * there a customer is the name and phone written on each work order, contract or case (no record of
 * its own), so this is a record of its own, owned by the store's unit (else the dealer's).
 */
export const endCustomer = defineEntity({
  logicalName: 'new_endcustomer',
  entitySet: 'new_endcustomers',
  label: label('终端客户', 'End customer'),
  pluralLabel: label('终端客户', 'End customers'),
  scope: { kind: 'businessUnit', field: 'new_businessunit_id' },
  access: ACCESS,
  screens: {
    list: {
      name: 'endCustomerList',
      path: '/usercenter/customerList',
      title: 'menu.endCustomerList',
      menu: { group: 'usercenter', order: 20, key: 'endCustomerList', label: 'menu.endCustomerList', ...MENU },
    },
    create: { name: 'endCustomerCreate', path: '/usercenter/customercreate' },
    // Issue 29: the customer's contacts as a tab (web pages/leads/CustomerPage.tsx).
    edit: { name: 'endCustomerView', path: '/usercenter/customerview/:id', page: 'CustomerPage' },
  },
  fields: {
    new_name: text(label('客户名称', 'Customer name'), { required: true, searchable: true, maxLength: 100 }),
    new_mobile: text(label('手机号码', 'Mobile'), { required: true, pattern: 'phone', searchable: true, maxLength: 20 }),
    new_store_id: lookup('new_store', label('所属门店', 'Store'), { indexed: true }),
    new_businessunit_id: lookup('businessunit', label('所属组织', 'Unit'), { readOnly: true, indexed: true }),
    ...address,
    new_memo: memo(label('备注', 'Notes'), { maxLength: 500 }),
  },
  views: {
    all: {
      label: label('全部客户', 'All customers'),
      columns: ['new_name', 'new_mobile', 'new_store_id', 'new_businessunit_id', 'new_province', 'new_city', 'new_address', 'createdon'],
      orderBy: [['createdon', 'desc']],
    },
  },
  forms: {
    main: [
      { key: 'basic', label: label('客户信息', 'Customer'), fields: ['new_name', 'new_mobile', 'new_store_id', 'new_businessunit_id'] },
      { key: 'address', label: label('地址', 'Address'), fields: ['new_province', 'new_city', 'new_county', 'new_address'] },
      { key: 'memo', label: label('备注', 'Notes'), fields: ['new_memo'] },
    ],
  },
});

/**
 * A product on a store's list (门店商品): the dealer's retail price for that store, whether it is on
 * sale, the least stock the store should hold and the least quantity it orders. One row per store and
 * product. A store's purchase orders read their prices here.
 */
export const storeProduct = defineEntity({
  logicalName: 'new_storeproduct',
  entitySet: 'new_storeproducts',
  label: label('门店商品', 'Store product'),
  pluralLabel: label('门店商品', 'Store products'),
  scope: { kind: 'businessUnit', field: 'new_businessunit_id' },
  access: ACCESS,
  screens: {
    list: {
      name: 'storeProductList',
      path: '/usercenter/productlist',
      title: 'menu.storeProductList',
      menu: { group: 'usercenter', order: 30, key: 'storeProductList', label: 'menu.storeProductList', ...MENU },
    },
    create: { name: 'storeProductCreate', path: '/usercenter/productlistCreate' },
    edit: { name: 'storeProductView', path: '/usercenter/productlistView/:id' },
  },
  fields: {
    new_name: text(label('商品名称', 'Product name'), { readOnly: true, searchable: true, maxLength: 200 }),
    new_code: text(label('物料编码', 'Part number'), { readOnly: true, searchable: true, maxLength: 60 }),
    new_store_id: lookup('new_store', label('门店', 'Store'), { required: true, indexed: true }),
    new_product_id: lookup('product', label('商品', 'Product'), { required: true, indexed: true }),
    new_retailprice: money(label('零售价', 'Retail price'), { required: true, min: 0 }),
    new_onsale: bool(label('上架销售', 'On sale'), { trueLabel: label('在售', 'On sale'), falseLabel: label('停售', 'Off sale') }),
    new_minstock: int(label('最低库存', 'Minimum stock'), { min: 1, max: 100000 }),
    new_minorderqty: int(label('最小起订量', 'Minimum order quantity'), { required: true, min: 1, max: 100000 }),
    new_businessunit_id: lookup('businessunit', label('门店组织', 'Store unit'), { readOnly: true, indexed: true }),
  },
  uniques: [['new_store_id', 'new_product_id']],
  checks: { retail_price: 'new_retailprice >= 0', min_order: 'new_minorderqty >= 1' },
  views: {
    all: {
      label: label('全部商品', 'All products'),
      columns: ['new_store_id', 'new_code', 'new_name', 'new_retailprice', 'new_onsale', 'new_minstock', 'new_minorderqty'],
      orderBy: [['new_code', 'asc']],
    },
    onSale: {
      label: label('在售商品', 'On sale'),
      columns: ['new_store_id', 'new_code', 'new_name', 'new_retailprice', 'new_minstock', 'new_minorderqty'],
      orderBy: [['new_code', 'asc']],
      filter: { new_onsale: true },
    },
  },
  forms: {
    main: [
      {
        key: 'basic',
        label: label('商品与价格', 'Product and price'),
        fields: ['new_store_id', 'new_product_id', 'new_retailprice', 'new_onsale', 'new_minstock', 'new_minorderqty'],
      },
      { key: 'product', label: label('商品信息', 'Product'), fields: ['new_code', 'new_name'], on: 'edit' },
    ],
  },
});

/**
 * A cooperating customer (合作客户) of a dealer: an installer, an engineering contractor or a
 * sub-dealer, with its credit terms and discount. Owned by the dealer's unit (only a dealer keeps them).
 */
export const coopCustomer = defineEntity({
  logicalName: 'new_coopcustomer',
  entitySet: 'new_coopcustomers',
  label: label('合作客户', 'Cooperating customer'),
  pluralLabel: label('合作客户', 'Cooperating customers'),
  scope: { kind: 'businessUnit', field: 'owningbusinessunit' },
  access: ACCESS,
  screens: {
    list: {
      name: 'coopCustomerList',
      path: '/usercenter/coocustomerList',
      title: 'menu.coopCustomerList',
      menu: { group: 'usercenter', order: 40, key: 'coopCustomerList', label: 'menu.coopCustomerList', ...MENU },
    },
    create: { name: 'coopCustomerCreate', path: '/usercenter/coocustomercreate' },
    edit: { name: 'coopCustomerView', path: '/usercenter/coocustomerview/:id' },
  },
  fields: {
    new_name: text(label('客户名称', 'Name'), { required: true, searchable: true, maxLength: 100 }),
    new_kind: optionSet(coopCustomerKind, undefined, { required: true, indexed: true }),
    new_contact: text(label('联系人', 'Contact'), { required: true, maxLength: 60 }),
    new_mobile: text(label('手机号码', 'Mobile'), { required: true, pattern: 'phone', searchable: true, maxLength: 20 }),
    new_creditdays: int(label('账期（天）', 'Credit terms (days)'), { min: 0, max: 365 }),
    new_discount: decimal(label('折扣（%）', 'Discount (%)'), {
      precision: 2,
      min: 1,
      max: 100,
      description: label('按零售价的百分比结算，如 92 表示九二折', 'Percentage of the retail price they pay: 92 means 8 % off'),
    }),
    ...address,
    new_memo: memo(label('备注', 'Notes'), { maxLength: 500 }),
  },
  views: {
    all: {
      label: label('全部合作客户', 'All partners'),
      columns: ['new_name', 'new_kind', 'new_contact', 'new_mobile', 'new_creditdays', 'new_discount', 'new_city', 'owningbusinessunit'],
      orderBy: [['new_name', 'asc']],
    },
  },
  forms: {
    main: [
      { key: 'basic', label: label('基本信息', 'Basic information'), fields: ['new_name', 'new_kind', 'new_contact', 'new_mobile'] },
      { key: 'terms', label: label('合作条款', 'Terms'), fields: ['new_creditdays', 'new_discount'] },
      { key: 'address', label: label('地址', 'Address'), fields: ['new_province', 'new_city', 'new_county', 'new_address'] },
      { key: 'memo', label: label('备注', 'Notes'), fields: ['new_memo'] },
    ],
  },
});
