import { dateTime, defineEntity, int, label, lookup, memo, optionSet, text } from '../define.ts';
import { serviceAccountState } from '../option-sets/service-account.ts';

const RO = { readOnly: true } as const;

/**
 * A system (an ERP, Power BI, a script) calling the API with client credentials (issue 30). It acts
 * as its own `systemuser` row (new_systemuser_id), which never signs in any other way: ownership,
 * roles, scope, audit and logs work as for a person. Every field is owned by the commands of
 * server/src/integration/service-accounts (no write privilege: the record API only reads it); the
 * names of its units and roles are kept here for the list.
 */
export const serviceAccount = defineEntity({
  logicalName: 'new_serviceaccount',
  entitySet: 'new_serviceaccounts',
  label: label('服务账号', 'Service account'),
  primaryName: 'new_name',
  scope: { kind: 'global' },
  access: { read: 'system.admin' },
  screens: {
    list: {
      name: 'serviceAccountList',
      path: '/systemparameter/serviceaccount',
      page: 'ServiceAccountListPage',
      allowImport: false,
      allowDelete: false,
      readOnly: true,
      menu: { group: 'system', order: 90, key: 'serviceAccount', label: 'menu.serviceAccount' },
    },
    // The generic record page, read-only: every field, the secret's hash left out (secret).
    view: { name: 'serviceAccountView', path: '/systemparameter/serviceaccount/view/:id' },
  },
  fields: {
    new_name: text(label('名称', 'Name'), { required: true, searchable: true, maxLength: 100, ...RO }),
    new_clientid: text(label('客户端 ID', 'Client ID'), { required: true, unique: true, searchable: true, maxLength: 40, ...RO }),
    // SHA-256 of the 256-bit random secret (integration/service-accounts/secrets.ts says why not argon2id).
    new_secrethash: text(label('密钥摘要', 'Secret hash'), { secret: true, maxLength: 64, ...RO }),
    new_state: optionSet(serviceAccountState, undefined, RO),
    new_systemuser_id: lookup('systemuser', label('对应用户', 'Acting user'), { required: true, unique: true, ...RO }),
    new_unitnames: memo(label('业务部门', 'Business units'), { maxLength: 2000, ...RO }),
    new_rolenames: memo(label('角色', 'Roles'), { maxLength: 2000, ...RO }),
    new_ratelimit: int(label('每分钟请求上限', 'Requests per minute'), { min: 1, max: 100_000, ...RO }),
    new_lastusedon: dateTime(label('最近使用时间', 'Last used'), RO),
    new_secretrotatedon: dateTime(label('密钥生成时间', 'Secret issued'), RO),
  },
  views: {
    all: {
      label: label('全部服务账号', 'All service accounts'),
      columns: ['new_name', 'new_clientid', 'new_unitnames', 'new_rolenames', 'new_state', 'new_ratelimit', 'new_lastusedon'],
      orderBy: [['new_name', 'asc']],
    },
    enabled: {
      label: label('启用的服务账号', 'Enabled service accounts'),
      columns: ['new_name', 'new_clientid', 'new_unitnames', 'new_rolenames', 'new_ratelimit', 'new_lastusedon'],
      orderBy: [['new_name', 'asc']],
      filter: { new_state: serviceAccountState.enabled },
    },
  },
});

/** The business units a service account acts for: its scope is the union of their subtrees. */
export const serviceAccountUnit = defineEntity({
  logicalName: 'new_serviceaccountunit',
  entitySet: 'new_serviceaccountunits',
  label: label('服务账号业务部门', 'Service account unit'),
  primaryName: 'new_serviceaccount_id',
  scope: { kind: 'system' },
  noOwner: true,
  fields: {
    new_serviceaccount_id: lookup('new_serviceaccount', label('服务账号', 'Service account'), { required: true, indexed: true }),
    new_businessunit_id: lookup('businessunit', label('业务部门', 'Business unit'), { required: true, indexed: true }),
  },
  uniques: [['new_serviceaccount_id', 'new_businessunit_id']],
});
