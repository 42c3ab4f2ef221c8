import { defineEntity, int, label, lookup, memo, optionSet, text } from '../define.ts';
import { operationResult, operationSource } from '../option-sets/organisation.ts';

/** spec 001 §3: must be maintained in the CRM (here: by administrators). */
export const systemParameter = defineEntity({
  logicalName: 'new_systemparameter',
  entitySet: 'new_systemparameters',
  label: label('系统参数', 'System parameter'),
  scope: { kind: 'global' },
  access: { read: 'parameter.manage', write: 'parameter.manage' },
  fields: {
    new_name: text(label('参数名', 'Parameter'), { required: true, unique: true, searchable: true }),
    new_value: memo(label('参数值', 'Value'), { maxLength: 4000 }),
  },
  views: { all: { label: label('全部参数', 'All parameters'), columns: ['new_name', 'new_value'], orderBy: [['new_name', 'asc']] } },
});

/** A language the portal offers (GetLanguageList). */
export const language = defineEntity({
  logicalName: 'new_language',
  entitySet: 'new_languages',
  label: label('语言', 'Language'),
  scope: { kind: 'global' },
  access: { read: 'language.manage', write: 'language.manage' },
  fields: {
    new_name: text(label('名称', 'Name'), { required: true }),
    new_code: text(label('代码', 'Code'), { required: true, unique: true, maxLength: 10 }),
    new_displayname: text(label('显示名称', 'Display name'), { required: true }),
    new_langid: int(label('语言 ID', 'Language id'), { required: true }),
  },
  views: {
    all: {
      label: label('全部语言', 'All languages'),
      columns: ['new_name', 'new_code', 'new_displayname', 'new_langid'],
      orderBy: [['new_langid', 'asc']],
    },
  },
});

/** A maintained text that overrides the built-in tables (GetLanguageConfigs). */
export const languageConfig = defineEntity({
  logicalName: 'new_languageconfig',
  entitySet: 'new_languageconfigs',
  label: label('多语言文本', 'Language entry'),
  scope: { kind: 'global' },
  access: { read: 'language.manage', write: 'language.manage' },
  fields: {
    new_name: text(label('键', 'Key'), { required: true, searchable: true, maxLength: 200 }),
    new_langid: int(label('语言 ID', 'Language id'), { required: true, indexed: true }),
    new_value: memo(label('文本', 'Text'), { maxLength: 2000 }),
  },
  indexes: [['new_langid', 'new_name']],
  views: {
    all: { label: label('全部文本', 'All entries'), columns: ['new_name', 'new_langid', 'new_value'], orderBy: [['new_name', 'asc']] },
  },
});

export const operationLog = defineEntity({
  logicalName: 'new_operationlog',
  entitySet: 'new_operationlogs',
  label: label('操作日志', 'Operation log'),
  scope: { kind: 'system' },
  noOwner: true,
  fields: {
    new_name: text(label('操作', 'Action'), { required: true, maxLength: 100, searchable: true }),
    new_source: optionSet(operationSource, undefined, { required: true }),
    new_result: optionSet(operationResult),
    new_userid: lookup('systemuser', label('用户', 'User'), { indexed: true }),
    new_username: text(label('用户名', 'Username'), { maxLength: 100 }),
    new_ip: text(label('IP 地址', 'IP address'), { maxLength: 64 }),
    new_useragent: text(label('浏览器', 'User agent'), { maxLength: 300 }),
    new_entityname: text(label('实体', 'Entity'), { maxLength: 100 }),
    new_recordid: text(label('记录', 'Record'), { maxLength: 100 }),
    new_url: text(label('页面', 'Page'), { maxLength: 500 }),
    new_detail: memo(label('详情', 'Detail'), { maxLength: 4000 }),
  },
  views: {
    recent: {
      label: label('最近操作', 'Recent operations'),
      columns: ['createdon', 'new_name', 'new_username', 'new_result', 'new_ip', 'new_source'],
      orderBy: [['createdon', 'desc']],
    },
  },
});
