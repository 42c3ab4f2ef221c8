import { bool, dateTime, defineEntity, image, int, label, lookup, memo, money, optionSet, text } from '../define.ts';
import type { BusinessUnitKind } from '../menu.ts';
import { businessUnitType } from '../option-sets/organisation.ts';
import { cpqChoiceType, cpqRuleKind } from '../option-sets/configurator.ts';

/*
 * The product configurator (CPQ, issue 29): configurable products (a chiller, an air handling
 * unit) with option groups, options and their price deltas, rules between options and a bill of
 * materials; head office maintains them through the generic screens below. A visitor, signed in
 * or not, configures one at /product/catalog → /quotationconfig/create; saving stores a
 * configuration (new_cpqquote, "CPQ quote") with its price and BOM snapshot. One rule engine
 * (model configurator/engine.ts) decides in the browser and again on the server.
 * Business: server domain/configurator/*; the public calls: model configurator/api.ts.
 */

const RO = { readOnly: true } as const;
const HEAD_OFFICE: readonly BusinessUnitKind[] = [businessUnitType.headOffice];
// Definitions are head office's (they carry internal costs): the public catalogue call serves what visitors may see.
const DEFINITION_ACCESS = { read: 'product.write', write: 'product.write' } as const;

export const cpqProduct = defineEntity({
  logicalName: 'new_cpqproduct',
  entitySet: 'new_cpqproducts',
  label: label('可配置产品', 'Configurable product'),
  scope: { kind: 'global' },
  access: DEFINITION_ACCESS,
  screens: {
    list: {
      name: 'cpqProductList',
      path: '/cpqproduct/list',
      allowImport: false,
      menu: { group: 'sales', order: 200, key: 'cpqProduct', label: 'menu.cpqProduct', units: HEAD_OFFICE },
    },
    create: { name: 'cpqProductCreate', path: '/cpqproduct/create' },
    edit: { name: 'cpqProductEdit', path: '/cpqproduct/edit/:id' },
  },
  fields: {
    new_name: text(label('产品名称', 'Product name'), { required: true, searchable: true, maxLength: 100 }),
    new_code: text(label('产品编码', 'Product code'), { required: true, unique: true, searchable: true, maxLength: 40 }),
    new_baseprice: money(label('起价', 'Base price'), { required: true, min: 0, max: 99999999 }),
    new_cost: money(label('基本配置内部成本', 'Internal cost of the base unit'), { min: 0, max: 99999999 }),
    new_description: memo(label('产品介绍', 'Description'), { maxLength: 2000 }),
    new_image: image(label('产品图片', 'Picture'), 300 * 1024),
    new_product_id: lookup('product', label('对应产品', 'Catalogue product')),
    new_validdays: int(label('配置有效天数', 'Days a configuration is valid'), { min: 1, max: 365 }),
    new_sequence: int(label('排序', 'Order'), { min: 0, max: 9999 }),
    new_active: bool(label('上架', 'Offered'), { indexed: true }),
  },
  views: {
    all: {
      label: label('全部可配置产品', 'All configurable products'),
      columns: ['new_code', 'new_name', 'new_baseprice', 'new_active', 'new_sequence'],
      orderBy: [['new_sequence', 'asc']],
    },
  },
  forms: {
    main: [
      {
        key: 'basic',
        label: label('可配置产品', 'Configurable product'),
        fields: [
          'new_name',
          'new_code',
          'new_baseprice',
          'new_cost',
          'new_validdays',
          'new_product_id',
          'new_sequence',
          'new_active',
          'new_description',
          'new_image',
        ],
      },
    ],
  },
});

export const cpqOptionGroup = defineEntity({
  logicalName: 'new_cpqoptiongroup',
  entitySet: 'new_cpqoptiongroups',
  label: label('选项组', 'Option group'),
  scope: { kind: 'global' },
  access: DEFINITION_ACCESS,
  screens: {
    list: {
      name: 'cpqOptionGroupList',
      path: '/cpqoptiongroup/list',
      allowImport: false,
      menu: { group: 'sales', order: 201, key: 'cpqOptionGroup', label: 'menu.cpqOptionGroup', units: HEAD_OFFICE },
    },
    create: { name: 'cpqOptionGroupCreate', path: '/cpqoptiongroup/create' },
    edit: { name: 'cpqOptionGroupEdit', path: '/cpqoptiongroup/edit/:id' },
  },
  fields: {
    new_name: text(label('选项组', 'Option group'), { required: true, searchable: true, maxLength: 60 }),
    new_cpqproduct_id: lookup('new_cpqproduct', label('可配置产品', 'Configurable product'), { required: true, indexed: true }),
    new_code: text(label('编码', 'Code'), { required: true, maxLength: 40 }),
    new_choicetype: optionSet(cpqChoiceType, undefined, { required: true }),
    new_required: bool(label('必选', 'Required')),
    new_sequence: int(label('排序', 'Order'), { min: 0, max: 9999 }),
  },
  uniques: [['new_cpqproduct_id', 'new_code']],
  views: {
    all: {
      label: label('全部选项组', 'All option groups'),
      columns: ['new_cpqproduct_id', 'new_sequence', 'new_code', 'new_name', 'new_choicetype', 'new_required'],
      orderBy: [['new_sequence', 'asc']],
    },
  },
});

export const cpqOption = defineEntity({
  logicalName: 'new_cpqoption',
  entitySet: 'new_cpqoptions',
  label: label('选项', 'Option'),
  scope: { kind: 'global' },
  access: DEFINITION_ACCESS,
  screens: {
    list: {
      name: 'cpqOptionList',
      path: '/cpqoption/list',
      allowImport: false,
      menu: { group: 'sales', order: 202, key: 'cpqOption', label: 'menu.cpqOption', units: HEAD_OFFICE },
    },
    create: { name: 'cpqOptionCreate', path: '/cpqoption/create' },
    edit: { name: 'cpqOptionEdit', path: '/cpqoption/edit/:id' },
  },
  fields: {
    new_name: text(label('选项', 'Option'), { required: true, searchable: true, maxLength: 100 }),
    new_cpqoptiongroup_id: lookup('new_cpqoptiongroup', label('选项组', 'Option group'), { required: true, indexed: true }),
    new_code: text(label('编码', 'Code'), { required: true, searchable: true, maxLength: 40 }),
    new_pricedelta: money(label('加价', 'Price delta'), { min: -99999999, max: 99999999 }),
    new_cost: money(label('内部成本', 'Internal cost'), { min: -99999999, max: 99999999 }),
    new_description: text(label('说明', 'Description'), { maxLength: 200 }),
    new_sequence: int(label('排序', 'Order'), { min: 0, max: 9999 }),
    new_default: bool(label('默认选中', 'Chosen by default')),
  },
  uniques: [['new_cpqoptiongroup_id', 'new_code']],
  views: {
    all: {
      label: label('全部选项', 'All options'),
      columns: ['new_cpqoptiongroup_id', 'new_sequence', 'new_code', 'new_name', 'new_pricedelta', 'new_default'],
      orderBy: [['new_code', 'asc']],
    },
  },
});

export const cpqRule = defineEntity({
  logicalName: 'new_cpqrule',
  entitySet: 'new_cpqrules',
  label: label('配置规则', 'Configuration rule'),
  scope: { kind: 'global' },
  access: DEFINITION_ACCESS,
  screens: {
    list: {
      name: 'cpqRuleList',
      path: '/cpqrule/list',
      allowImport: false,
      menu: { group: 'sales', order: 203, key: 'cpqRule', label: 'menu.cpqRule', units: HEAD_OFFICE },
    },
    create: { name: 'cpqRuleCreate', path: '/cpqrule/create' },
    edit: { name: 'cpqRuleEdit', path: '/cpqrule/edit/:id' },
  },
  fields: {
    new_name: text(label('规则名称', 'Rule'), { required: true, searchable: true, maxLength: 100 }),
    new_cpqproduct_id: lookup('new_cpqproduct', label('可配置产品', 'Configurable product'), { required: true, indexed: true }),
    new_kind: optionSet(cpqRuleKind, undefined, { required: true }),
    new_option_id: lookup('new_cpqoption', label('选项', 'Option'), { required: true }),
    new_target_id: lookup('new_cpqoption', label('关联选项', 'Other option'), { required: true }),
    new_message: text(label('提示（中文）', 'Message (Chinese)'), { required: true, maxLength: 200 }),
    new_message_en: text(label('提示（英文）', 'Message (English)'), { maxLength: 200 }),
  },
  checks: { two_options: 'new_option_id <> new_target_id' },
  views: {
    all: {
      label: label('全部规则', 'All rules'),
      columns: ['new_cpqproduct_id', 'new_name', 'new_kind', 'new_option_id', 'new_target_id', 'new_message'],
      orderBy: [['new_name', 'asc']],
    },
  },
});

export const cpqBomItem = defineEntity({
  logicalName: 'new_cpqbomitem',
  entitySet: 'new_cpqbomitems',
  label: label('物料清单行', 'Bill of materials line'),
  scope: { kind: 'global' },
  access: DEFINITION_ACCESS,
  screens: {
    list: {
      name: 'cpqBomItemList',
      path: '/cpqbomitem/list',
      allowImport: false,
      menu: { group: 'sales', order: 204, key: 'cpqBomItem', label: 'menu.cpqBomItem', units: HEAD_OFFICE },
    },
    create: { name: 'cpqBomItemCreate', path: '/cpqbomitem/create' },
    edit: { name: 'cpqBomItemEdit', path: '/cpqbomitem/edit/:id' },
  },
  fields: {
    new_name: text(label('物料名称', 'Part name'), { required: true, searchable: true, maxLength: 100 }),
    new_cpqproduct_id: lookup('new_cpqproduct', label('可配置产品', 'Configurable product'), { required: true, indexed: true }),
    // Empty: the base unit's part, in every configuration.
    new_cpqoption_id: lookup('new_cpqoption', label('选项（空=基本配置）', 'Option (empty: base unit)')),
    new_partnumber: text(label('物料编码', 'Part number'), { required: true, searchable: true, maxLength: 60 }),
    new_product_id: lookup('product', label('对应产品', 'Catalogue product')),
    new_qty: int(label('数量', 'Quantity'), { required: true, min: 1, max: 9999 }),
    new_uom: text(label('单位', 'Unit'), { maxLength: 20 }),
  },
  views: {
    all: {
      label: label('全部物料清单行', 'All BOM lines'),
      columns: ['new_cpqproduct_id', 'new_cpqoption_id', 'new_partnumber', 'new_name', 'new_qty', 'new_uom'],
      orderBy: [['new_partnumber', 'asc']],
    },
  },
});

/**
 * A saved configuration ("CPQ quote"): the choices, the price and the BOM as they were when saved
 * (snapshots: later changes to the definitions do not move a saved price). Written by the
 * configurator's commands only; its owner (a signed-in saver) reads it through the record service.
 */
export const cpqQuote = defineEntity({
  logicalName: 'new_cpqquote',
  entitySet: 'new_cpqquotes',
  label: label('产品配置', 'Product configuration'),
  scope: { kind: 'user', field: 'ownerid' },
  access: { read: 'product.read', notCreatedHere: 'cpq.bySave' },
  fields: {
    new_name: text(label('配置编号', 'Configuration number'), { ...RO, unique: true, searchable: true, maxLength: 40 }),
    new_cpqproduct_id: lookup('new_cpqproduct', label('可配置产品', 'Configurable product'), { ...RO, indexed: true }),
    new_productname: text(label('产品名称', 'Product name'), { ...RO, maxLength: 100 }),
    /** The chosen options' ids, JSON. */
    new_choices: memo(label('所选选项', 'Chosen options'), { ...RO, maxLength: 4000 }),
    /** One "组：选项" per line, as shown when saved. */
    new_summary: memo(label('配置摘要', 'Summary'), { ...RO, maxLength: 4000 }),
    new_baseprice: money(label('起价', 'Base price'), RO),
    new_price: money(label('配置价格', 'Configured price'), RO),
    /** The bill of materials when saved, JSON. */
    new_bom: memo(label('物料清单', 'Bill of materials'), { ...RO, maxLength: 20000 }),
    new_expireson: dateTime(label('有效期至', 'Valid until'), RO),
    new_contactname: text(label('联系人', 'Contact'), { ...RO, maxLength: 50 }),
    new_contactphone: text(label('联系电话', 'Phone'), { ...RO, maxLength: 30 }),
    new_remark: memo(label('备注', 'Remarks'), { ...RO, maxLength: 500 }),
  },
  views: {
    all: {
      label: label('我的配置', 'My configurations'),
      columns: ['new_name', 'new_productname', 'new_price', 'new_expireson', 'createdon'],
      orderBy: [['createdon', 'desc']],
    },
  },
});
