import { label } from '../define.ts';

/** Texts of the Dataverse-compatible Web API (/api/data/v9.2, issue 30). */
export const webApiMessages = {
  'webapi.notFound': label('资源 {path} 不存在', 'Resource {path} was not found'),
  'webapi.method': label('{path} 不支持 {method} 请求', '{path} does not support {method}'),
  'webapi.stale': label(
    '记录已被他人修改（版本不一致），请重新读取后再保存',
    'The record was changed by someone else (version mismatch); read it again before saving',
  ),
  'webapi.exists': label('记录已存在', 'The record already exists'),
  'webapi.badEtag': label('If-Match / If-None-Match 的值不正确', 'The If-Match / If-None-Match value is not valid'),
  'webapi.badToken': label('$skiptoken 不正确', 'The $skiptoken is not valid'),
  'webapi.badBatch': label('批处理请求格式不正确：{detail}', 'The batch request is malformed: {detail}'),
  'webapi.batchLimit': label('批处理请求最多包含 {max} 个请求', 'A batch request holds at most {max} requests'),
  'webapi.batchGetInChangeSet': label('变更集中不能包含 GET 请求', 'A change set cannot contain a GET request'),
  'webapi.contentId': label('Content-ID 引用 {ref} 不存在', 'The Content-ID reference {ref} does not exist'),
  'webapi.actionNotFound': label('实体 {entity} 没有操作 {action}', 'Entity {entity} has no action {action}'),
  'webapi.badParameter': label('参数 {name} 不正确', 'Parameter {name} is not valid'),
} as const;
