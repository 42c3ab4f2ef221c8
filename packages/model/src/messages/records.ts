import { label } from '../define.ts';

/** Texts of the records area (owned by its developer). Keys are stable; both languages side by side. */
export const recordsMessages = {
  'records.badQuery': label('查询条件不正确：{detail}', 'Incorrect query: {detail}'),

  // entities and records
  'records.entityNotFound': label('实体 {entity} 不存在或不可访问', 'Entity {entity} does not exist or is not available'),
  'records.notFound': label('记录不存在或您无权访问', 'The record does not exist or you cannot access it'),
  'records.notYourStation': label('单据不属于本服务站', 'The document does not belong to this station'),
  'records.referenced': label('该记录已被“{entity}”引用，不能删除', 'This record is referenced by "{entity}" and cannot be deleted'),
  'records.attributeNotFound': label('实体 {entity} 没有选项字段 {field}', 'Entity {entity} has no option field {field}'),
  'records.bodyObject': label('请求内容必须是 JSON 对象', 'The request body must be a JSON object'),
  'records.validationFailed': label('{detail}', '{detail}'),
  'records.rowPrefix': label('第 {row} 行：{message}', 'Row {row}: {message}'),
  'records.duplicate': label('{field}“{value}”已存在', '{field} "{value}" already exists'),
  'records.duplicateField': label('{field}已存在', '{field} already exists'),
  'records.checkFailed': label('{entity}的数据不符合规则，未保存', 'The {entity} values break a rule and were not saved'),
  // who may write which field, and when (issue 23; model edit-rules.ts)
  'records.fieldOwned': label(
    '{field}由业务流程维护，不能直接修改',
    '{field} is kept by the business steps and cannot be changed directly',
  ),
  'records.fieldState': label('单据当前状态下不能修改{field}', "{field} cannot be changed in the document's current state"),
  'records.stateLocked': label('单据当前状态下不能修改或删除', 'The document cannot be changed or deleted in its current state'),
  'records.fieldPrivilege': label('您没有修改{field}的权限', 'You are not allowed to change {field}'),
  'records.cycle': label('上级部门不能是本部门或其下级部门', 'The parent unit cannot be the unit itself or one of its sub-units'),

  // field validation ({field} is the field's label)
  'records.required': label('{field}不能为空', '{field} is required'),
  'records.text': label('{field}必须是文本', '{field} must be text'),
  'records.invalidChars': label('{field}包含不允许的字符', '{field} contains characters that are not allowed'),
  'records.integer': label('{field}只能输入整数', '{field}: integer only'),
  'records.min': label('{field}不能小于 {min}', '{field} cannot be less than {min}'),
  'records.max': label('{field}不能大于 {max}', '{field} cannot be greater than {max}'),
  'records.precision': label('{field}最多保留 {precision} 位小数', '{field} allows at most {precision} decimal places'),
  'records.tooBig': label('{field}数值过大', '{field} is too large'),
  'records.bool': label('{field}只能是“是”或“否”', '{field} must be yes or no'),
  'records.datetime': label('{field}不是有效的日期时间', '{field}: invalid date and time'),
  'records.date': label('{field}不是有效的日期（YYYY-MM-DD）', '{field}: invalid date (YYYY-MM-DD)'),
  'records.option': label('{field}的选项值 {value} 不存在', '{field} has no option with the value {value}'),
  'records.lookupFormat': label('{field}必须是记录编号（GUID）', '{field} must be a record id (GUID)'),
  'records.lookupNotVisible': label(
    '{field}引用的记录不存在或您无权访问',
    'The record referenced by {field} does not exist or you cannot access it',
  ),
  'records.imageFormat': label('{field}必须是 png、jpg 或 gif 图片', '{field} must be a png, jpg or gif image'),
  'records.imageTooLarge': label('{field}不能超过 {kb}K', '{field} must not exceed {kb}K'),
  'records.exportSecret': label('{field}不能导出', '{field} cannot be exported'),

  // query parsing and checking (OData, fetchXml, lookup conditions)
  'records.q.syntax': label(
    '查询条件不正确：第 {pos} 个字符附近有语法错误（{near}）',
    'Incorrect query: syntax error near character {pos} ({near})',
  ),
  'records.q.unknownField': label(
    '查询条件不正确：{entity} 没有可用于查询的字段 {field}',
    'Incorrect query: {entity} has no queryable field {field}',
  ),
  'records.q.badOperator': label(
    '查询条件不正确：字段 {field} 不支持运算符 {op}',
    'Incorrect query: field {field} does not support the operator {op}',
  ),
  'records.q.badValue': label(
    '查询条件不正确：字段 {field} 的值 {value} 与字段类型不符',
    'Incorrect query: the value {value} does not match the type of field {field}',
  ),
  'records.q.unsupported': label('查询条件不正确：不支持 {what}', 'Incorrect query: {what} is not supported'),
  'records.q.tooComplex': label('查询条件过于复杂：{what} 超过上限 {max}', 'The query is too complex: {what} exceeds the limit of {max}'),
  'records.q.range': label('参数 {name} 超出范围（{min}–{max}）', 'Parameter {name} is out of range ({min}–{max})'),
  'records.q.badParam': label('参数 {name} 不正确', 'Parameter {name} is incorrect'),
  'records.q.view': label('视图 {view} 不存在', 'View {view} does not exist'),
  'records.q.textOnly': label('快速查找字段 {field} 必须是文本字段', 'Quick-search field {field} must be a text field'),
  'records.xml.tooLarge': label('fetchXml 不能超过 {kb} KB', 'fetchXml must not exceed {kb} KB'),
  'records.xml.forbidden': label('fetchXml 不允许包含 DOCTYPE 或实体声明', 'fetchXml must not contain a DOCTYPE or entity declaration'),
  'records.xml.syntax': label('fetchXml 格式不正确（第 {pos} 个字符附近）', 'fetchXml is malformed (near character {pos})'),
  'records.xml.element': label('fetchXml 不支持元素 <{name}>', 'fetchXml element <{name}> is not supported'),
  'records.xml.attribute': label(
    'fetchXml 元素 <{element}> 不支持属性 {name}',
    'fetchXml element <{element}> does not support the attribute {name}',
  ),
  'records.xml.missing': label('fetchXml 元素 <{element}> 缺少 {name}', 'fetchXml element <{element}> is missing {name}'),
  'records.xml.entity': label('fetchXml 的实体 {name} 与请求地址不一致', 'The fetchXml entity {name} does not match the request path'),
  'records.xml.alias': label('链接实体别名 {alias} 不正确或重复', 'Link-entity alias {alias} is invalid or repeated'),
} as const;
