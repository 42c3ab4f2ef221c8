import { bool, defineEntity, image, label, lookup, optionSet, text } from '../define.ts';
import { userType } from '../option-sets/organisation.ts';
import { portalKind } from '../option-sets/user-centre.ts';
import { USER_CENTRE_UNITS } from '../user-centre-api.ts';

export const systemUser = defineEntity({
  logicalName: 'systemuser',
  entitySet: 'systemusers',
  label: label('用户', 'User'),
  primaryName: 'fullname',
  scope: { kind: 'businessUnit', field: 'businessunitid' },
  // Administrators manage every account through the record service; a dealer (dealer.manage) reads
  // its own chain's accounts here and changes them through the staff calls (user-centre-api.ts).
  access: { read: 'user.manage', readAlso: ['dealer.manage'], write: 'user.manage' },
  screens: {
    list: {
      name: 'userList',
      path: '/usercenter/userlist',
      title: 'menu.userList',
      allowDelete: false,
      allowImport: false,
      page: 'StaffListPage',
      privileges: ['dealer.manage'],
      menu: { group: 'usercenter', order: 50, key: 'userList', label: 'menu.userList', units: USER_CENTRE_UNITS },
    },
    create: { name: 'userCreate', path: '/usercenter/usercreate', page: 'StaffCreatePage', privileges: ['dealer.manage'] },
    edit: { name: 'userView', path: '/usercenter/userview/:id', page: 'UserFormPage', privileges: ['dealer.manage'] },
  },
  fields: {
    fullname: text(label('姓名', 'Full name'), { required: true, searchable: true, maxLength: 60 }),
    domainname: text(label('用户名', 'Username'), { required: true, unique: true, searchable: true, maxLength: 60 }),
    new_nickname: text(label('昵称', 'Nickname'), { maxLength: 60 }),
    mobilephone: text(label('手机号码', 'Mobile phone'), { pattern: 'mobile', unique: true, maxLength: 20, searchable: true }),
    internalemailaddress: text(label('电子邮件', 'E-mail'), { pattern: 'email', maxLength: 100 }),
    title: text(label('职务', 'Job title'), { maxLength: 60 }),
    businessunitid: lookup('businessunit', label('业务部门', 'Business unit'), { required: true, indexed: true }),
    new_station_id: lookup('new_srv_station', label('服务站', 'Service station'), { indexed: true }),
    // The engineer's own personnel record: orders dispatched to it are the account's "my orders".
    // Set by the link commands only (worker-link-api.ts: station checked, one user per record).
    new_worker_id: lookup('new_srv_worker', label('对应服务人员', 'Personnel record'), { indexed: true, readOnly: true }),
    new_usertype: optionSet(userType),
    isdisabled: bool(label('已停用', 'Disabled')),
    // Set by the staff calls only (user-centre-api.ts): sign-in checks it beside the roles' login privilege.
    new_portalkind: optionSet(portalKind, undefined, { readOnly: true }),
    new_avatar: image(label('头像', 'Profile photo'), 100 * 1024),
    new_password: text(label('密码', 'Password'), { secret: true, readOnly: true, maxLength: 200 }),
  },
  views: {
    active: {
      label: label('启用的用户', 'Active users'),
      columns: ['fullname', 'domainname', 'mobilephone', 'businessunitid', 'new_station_id', 'new_usertype'],
      orderBy: [['domainname', 'asc']],
      filter: { isdisabled: false },
    },
    all: {
      label: label('全部用户', 'All users'),
      columns: ['fullname', 'domainname', 'mobilephone', 'businessunitid', 'title', 'new_usertype', 'new_portalkind', 'isdisabled'],
      orderBy: [['domainname', 'asc']],
    },
  },
});

export const role = defineEntity({
  logicalName: 'role',
  entitySet: 'roles',
  label: label('角色', 'Role'),
  primaryName: 'name',
  scope: { kind: 'global' },
  fields: {
    name: text(label('角色名称', 'Role name'), { required: true, unique: true, searchable: true }),
    new_code: text(label('角色编码', 'Role code'), { required: true, unique: true, maxLength: 40 }),
    new_description: text(label('说明', 'Description'), { maxLength: 200 }),
  },
  views: {
    all: { label: label('全部角色', 'All roles'), columns: ['name', 'new_code', 'new_description'], orderBy: [['new_code', 'asc']] },
  },
});

/** Which action names (see security/privileges.ts) a role grants. */
export const rolePrivilege = defineEntity({
  logicalName: 'new_roleprivilege',
  entitySet: 'new_roleprivileges',
  label: label('角色权限', 'Role privilege'),
  scope: { kind: 'system' },
  noOwner: true,
  fields: {
    new_name: text(label('权限', 'Privilege'), { required: true, maxLength: 60 }),
    new_role_id: lookup('role', label('角色', 'Role'), { required: true, indexed: true }),
  },
  indexes: [['new_role_id', 'new_name']],
});

export const userRole = defineEntity({
  logicalName: 'systemuserroles',
  entitySet: 'systemuserrolescollection',
  label: label('用户角色', 'User role'),
  primaryName: 'systemuserid',
  scope: { kind: 'system' },
  noOwner: true,
  fields: {
    systemuserid: lookup('systemuser', label('用户', 'User'), { required: true, indexed: true }),
    roleid: lookup('role', label('角色', 'Role'), { required: true, indexed: true }),
  },
  indexes: [['systemuserid', 'roleid']],
});
