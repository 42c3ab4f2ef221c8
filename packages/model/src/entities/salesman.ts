import { bool, defineEntity, label, lookup, text } from '../define.ts';
import { businessUnitType } from '../option-sets/organisation.ts';

const RO = { readOnly: true } as const;

/*
 * Salesmen (业务员, issue 28): head office's sales people, each serving some dealers. Kept by head
 * office's sales administrators (sales.target); a salesman reads their own card at /salesman/view
 * (server domain/sales-targets/card.ts). Which dealers a salesman serves is a link entity (one
 * salesman per dealer), so a dealer moves between salesmen without touching the organisation tree.
 */

/** A salesman: code, name, mobile, region, active flag and, optionally, the portal account that signs in as them. */
export const salesman = defineEntity({
  logicalName: 'new_salesman',
  entitySet: 'new_salesmen',
  label: label('业务员', 'Salesman'),
  pluralLabel: label('业务员', 'Salesmen'),
  scope: { kind: 'businessUnit', field: 'owningbusinessunit' },
  access: { read: 'sales.target', write: 'sales.target' },
  screens: {
    list: {
      name: 'salesmanList',
      path: '/salesman/list',
      title: 'menu.salesmen',
      allowImport: false,
      menu: {
        group: 'salesmgmt',
        order: 10,
        key: 'salesmen',
        label: 'menu.salesmen',
        units: [businessUnitType.headOffice, businessUnitType.branch],
      },
    },
    create: { name: 'salesmanCreate', path: '/salesman/create' },
    edit: { name: 'salesmanEdit', path: '/salesman/Edit/:id', page: 'SalesmanPage' },
  },
  fields: {
    new_code: text(label('业务员编码', 'Salesman code'), { required: true, unique: true, searchable: true, maxLength: 20 }),
    new_name: text(label('姓名', 'Name'), { required: true, searchable: true, maxLength: 60 }),
    new_mobile: text(label('手机号码', 'Mobile phone'), { required: true, pattern: 'mobile', maxLength: 20, searchable: true }),
    new_province: text(label('负责省份', 'Province'), { maxLength: 40 }),
    new_city: text(label('负责城市', 'City'), { maxLength: 40 }),
    // The account is named by its login (head office does not read the user directory); the server resolves it.
    new_login: text(label('门户账号', 'Portal login'), { maxLength: 60 }),
    new_user_id: lookup('systemuser', label('对应用户', 'Portal user'), { ...RO, unique: true }),
    new_isactive: bool(label('在职', 'Active'), { trueLabel: label('在职', 'Active'), falseLabel: label('离职', 'Left') }),
    new_remark: text(label('备注', 'Remark'), { maxLength: 200 }),
  },
  views: {
    active: {
      label: label('在职业务员', 'Active salesmen'),
      columns: ['new_code', 'new_name', 'new_mobile', 'new_province', 'new_city', 'new_user_id', 'new_isactive'],
      orderBy: [['new_code', 'asc']],
      filter: { new_isactive: true },
    },
    all: {
      label: label('全部业务员', 'All salesmen'),
      columns: ['new_code', 'new_name', 'new_mobile', 'new_province', 'new_city', 'new_user_id', 'new_isactive'],
      orderBy: [['new_code', 'asc']],
    },
  },
  forms: {
    main: [
      {
        key: 'basic',
        label: label('业务员信息', 'Salesman'),
        fields: [
          'new_code',
          'new_name',
          'new_mobile',
          'new_province',
          'new_city',
          'new_login',
          'new_user_id',
          'new_isactive',
          'new_remark',
        ],
      },
    ],
  },
});

/** A dealer a salesman serves: one salesman per dealer (the server refuses a second, naming who serves it). */
export const salesmanDealer = defineEntity({
  logicalName: 'new_salesmandealer',
  entitySet: 'new_salesmandealers',
  label: label('负责经销商', 'Served dealer'),
  scope: { kind: 'businessUnit', field: 'owningbusinessunit' },
  access: { read: 'sales.target', write: 'sales.target' },
  fields: {
    new_name: text(label('经销商', 'Dealer'), { ...RO, maxLength: 160 }),
    new_salesman_id: lookup('new_salesman', label('业务员', 'Salesman'), { required: true, indexed: true }),
    new_dealer_id: lookup('businessunit', label('经销商', 'Dealer'), { required: true }),
  },
  // The backstop of "one salesman per dealer" (the server's check names the salesman first).
  uniques: [['new_dealer_id']],
  views: {
    bySalesman: {
      label: label('负责经销商', 'Served dealers'),
      columns: ['new_dealer_id', 'new_salesman_id', 'createdon'],
      orderBy: [['new_name', 'asc']],
    },
  },
});
