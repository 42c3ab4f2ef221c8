import { screen } from './entity-screens.ts';
import type { RouteDef } from './routes.ts';

/**
 * Staff (spec 001 user centre: userlist, userview/{id}) for administrators (user.manage): the
 * generic list, and the record screen with 关联服务人员 (the account's personnel record). Accounts
 * are opened by account applications, not created here.
 */
export const USER_ROUTES: RouteDef[] = [
  { name: 'userList', path: '/usercenter/userlist', ...screen.list('systemuser', { title: 'menu.userList', allowDelete: false, allowImport: false }) },
  { name: 'userView', path: '/usercenter/userview/:id', layout: 'shell', permissions: ['user.manage'], screen: { entity: 'systemuser', kind: 'edit' }, page: 'UserFormPage' },
];
