import { label } from '../define.ts';

/**
 * Texts of a station's people and standing: linking a user account to its personnel record
 * (服务人员, whose dispatched orders are the account's 我的工单) and the refusal of new business
 * for a station that has exited (退出 approved).
 */
export const stationStaffMessages = {
  'station.inactive': label('服务站“{name}”已退出，不能再办理新业务', 'Station "{name}" has exited: no new business can be entered for it'),
  'workerLink.notSameStation': label(
    '用户“{user}”不属于服务人员“{worker}”所在的服务站，不能关联',
    'User "{user}" does not belong to the station of "{worker}": they cannot be linked',
  ),
  'workerLink.takenBy': label(
    '服务人员“{worker}”已关联用户“{user}”，请先解除该关联',
    '"{worker}" is already linked to user "{user}"; unlink that first',
  ),
  'workerLink.userDisabled': label('用户“{user}”已停用，不能关联', 'User "{user}" is disabled and cannot be linked'),
  'workerLink.linked': label('已关联：用户“{user}” ↔ 服务人员“{worker}”', 'Linked: user "{user}" ↔ "{worker}"'),
  'workerLink.unlinked': label('已解除用户“{user}”与服务人员的关联', 'User "{user}" is no longer linked to a personnel record'),
  'workerLink.notLinked': label('用户“{user}”未关联服务人员', 'User "{user}" is not linked to a personnel record'),
  'menu.userList': label('用户管理', 'Users'),
  'workerLink.ui.button': label('关联用户账号', 'Link user account'),
  'workerLink.ui.userButton': label('关联服务人员', 'Link personnel record'),
  'workerLink.ui.title': label('用户账号与服务人员关联', 'User account and personnel record'),
  'workerLink.ui.user': label('用户账号', 'User account'),
  'workerLink.ui.worker': label('服务人员', 'Personnel record'),
  'workerLink.ui.current': label('当前关联', 'Linked now'),
  'workerLink.ui.none': label('未关联', 'Not linked'),
  'workerLink.ui.link': label('关联', 'Link'),
  'workerLink.ui.unlink': label('解除关联', 'Unlink'),
  'workerLink.ui.unlinkConfirm': label(
    '确定解除该关联？解除后该用户将看不到派给此服务人员的工单。',
    'Unlink? The user will no longer see the orders dispatched to this personnel record.',
  ),
  'workerLink.ui.hint': label(
    '只能关联同一服务站的用户与服务人员；一个服务人员只能关联一个用户。',
    'Only a user and a personnel record of the same station can be linked; a personnel record is linked to one user at most.',
  ),
  'workerLink.ui.search': label('输入姓名、工号或用户名搜索', 'Search by name, code or username'),
} as const;
