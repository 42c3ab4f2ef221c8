import { label } from '../define.ts';

/**
 * Texts of the portal's self-service screens (issue 14): the function grid (/menu/menulist), the
 * account change application (/edit/apply), the printable document view (/seltable/view/:id) and
 * the administrator's self-check (/test/test).
 */
export const selfServiceMessages = {
  'menu.menuGrid': label('全部功能', 'All functions'),
  'menu.accountApply': label('账户信息变更', 'Account changes'),
  'menu.selfCheck': label('系统自检', 'System self-check'),
  'menuGrid.search': label('搜索功能名称或路径', 'Search by name or path'),
  'menuGrid.count': label('共 {count} 项功能', '{count} functions'),
  'menuGrid.noMatch': label('没有匹配的功能', 'No function matches'),
  'menuGrid.signIn': label('登录', 'Sign in'),
  'menuGrid.signInToOpen': label('登录后使用', 'Sign in to use'),
  'menuGrid.noPrivilege': label('无权限：需要“{privileges}”', 'Not permitted: needs "{privileges}"'),
  'menuGrid.notBuilt': label('暂未开放', 'Not available yet'),
  'menuGrid.notForUnit': label('仅供{units}账号使用', 'For {units} accounts only'),
  'menuGrid.home': label('返回首页', 'Back to home'),

  'accountApply.openExists': label(
    '您已有未完成的账户信息变更申请（{name}），请先处理该申请',
    'You already have an open account change application ({name}); finish that one first',
  ),
  'accountApply.mobileTaken': label('手机号码 {mobile} 已被其他账号使用', 'The mobile phone number {mobile} belongs to another account'),
  'accountApply.notOwn': label('只有申请人本人可以修改或提交该申请', 'Only the applicant may change or submit the application'),
  'accountApply.ui.history': label('我的变更申请', 'My applications'),
  'accountApply.ui.new': label('新建申请', 'New application'),
  'accountApply.ui.stationHint': label(
    '服务站的名称、地址、电话等资料请通过服务站变更申请修改',
    'Station data (name, address, phone …) are changed through a station change application',
  ),

  'selTable.unknownEntity': label('无法识别的单据类型，请从单据页面打开', 'Unknown document type: open the view from the document'),
  'selTable.printedAt': label('打印时间：{time}', 'Printed on {time}'),

  'selfCheck.recheck': label('重新检查', 'Check again'),
  'selfCheck.item': label('检查项', 'Check'),
  'selfCheck.status': label('状态', 'Status'),
  'selfCheck.detail': label('详情', 'Details'),
  'selfCheck.time': label('耗时', 'Time'),
  'selfCheck.ms': label('{ms} 毫秒', '{ms} ms'),
  'selfCheck.checkedAt': label('检查时间：{time}', 'Checked on {time}'),
  'selfCheck.failed': label('自检未能完成：{message}', 'The self-check could not run: {message}'),
  'selfCheck.key.database': label('数据库', 'Database'),
  'selfCheck.key.storage': label('文件存储', 'File storage'),
  'selfCheck.key.sms': label('短信服务', 'SMS provider'),
  'selfCheck.key.mapTiles': label('地图瓦片', 'Map tiles'),
  'selfCheck.key.version': label('版本', 'Version'),
  'selfCheck.status.ok': label('正常', 'OK'),
  'selfCheck.status.warn': label('警告', 'Warning'),
  'selfCheck.status.fail': label('故障', 'Failed'),
  'selfCheck.fact.engine': label('引擎', 'Engine'),
  'selfCheck.fact.version': label('版本', 'Version'),
  'selfCheck.fact.kind': label('存储方式', 'Store'),
  'selfCheck.fact.bytes': label('探测文件字节数', 'Probe file bytes'),
  'selfCheck.fact.provider': label('服务商', 'Provider'),
  'selfCheck.fact.outbox': label('内置发件箱', 'Built-in outbox'),
  'selfCheck.fact.testMode': label('测试模式', 'Test mode'),
  'selfCheck.fact.configured': label('已配置', 'Configured'),
  'selfCheck.fact.url': label('地址', 'URL'),
  'selfCheck.fact.http': label('HTTP 状态', 'HTTP status'),
  'selfCheck.fact.skipped': label('已跳过', 'Skipped'),
  'selfCheck.fact.commit': label('代码提交', 'Commit'),
  'selfCheck.fact.node': label('Node.js', 'Node.js'),
  'selfCheck.fact.uptimeSec': label('运行时长（秒）', 'Uptime (s)'),
} as const;
