import type { Privilege } from '@portal/model';
import type { ComponentType } from 'react';
import type { EntityScreen } from './entity-screens.ts';
import type { RouteInfo } from './guard.ts';
import { WORK_ORDER_ROUTES } from './routes-work-order.ts';
import { INSIGHT_ROUTES } from './routes-insights.ts';
import { PARTS_ROUTES } from './routes-parts.ts';
import { STOCK_ROUTES } from './routes-stock.ts';
import { QUOTA_ROUTES } from './routes-quota.ts';
import { EXPENSE_ROUTES } from './routes-expense.ts';
import { DELAY_ROUTES } from './routes-delay.ts';
import { CASE_ROUTES } from './routes-cases.ts';
import { SITE_RETURN_ROUTES } from './routes-return.ts';
import { PARTS_RETURN_ROUTES } from './routes-parts-return.ts';
import { PRODUCT_RETURN_ROUTES } from './routes-product-return.ts';
import { OVERSEAS_ROUTES } from './routes-overseas.ts';
import { CONTRACT_ROUTES } from './routes-contract.ts';
import { STATION_APPLY_ROUTES } from './routes-station-apply.ts';
import { SHOP_PUBLIC_ROUTES } from './routes-shop-public.ts';
import { CONTENT_ROUTES } from './routes-content.ts';
import { QUICK_ORDER_ROUTES } from './routes-quick-order.ts';
import { SELF_SERVICE_ROUTES } from './routes-self-service.ts';
import { MESSAGE_ROUTES } from './routes-message.ts';
import { ENGINEER_APP_ROUTES } from './routes-engineer-app.ts';
import { WORK_CALENDAR_ROUTES } from './routes-work-calendar.ts';
import { USER_ROUTES } from './routes-users.ts';

type PageModule = { default: ComponentType };

export interface RouteDef extends RouteInfo {
  path: string;
  /** The screen keeps its state when the user leaves it (spec "keep"). */
  keepAlive?: boolean;
  /** 'shell': inside the portal's header and navigation; 'bare': full-page (sign-in, errors). */
  layout: 'shell' | 'bare';
  permissions?: Privilege[];
  /** The screen, loaded on demand (one chunk per screen). */
  load?: () => Promise<PageModule>;
  /** A route that only forwards elsewhere. */
  redirectTo?: string;
  /** The entity screen this route is (generic screens, and specific ones that stand for an entity's screen). */
  screen?: EntityScreen;
}

const named = <K extends string>(key: K, loader: () => Promise<Record<K, ComponentType>>) => () => loader().then((m) => ({ default: m[key] }));

/**
 * The route table as data: the router, the guards and the menu are all derived from it. Business
 * screens of spec 001 §2 are added here as they are built; until then the menu shows them disabled.
 */
export const ROUTES: RouteDef[] = [
  { name: 'home', path: '/', anonymous: true, keepAlive: true, layout: 'bare', load: () => import('../pages/home/HomePage.tsx') },
  { name: 'login', path: '/login', anonymous: true, keepAlive: true, layout: 'bare', load: () => import('../pages/login/LoginPage.tsx') },
  { name: 'login1', path: '/login1', anonymous: true, layout: 'bare', load: () => import('../pages/login/StoreLoginPage.tsx') },
  { name: 'forget', path: '/forget', anonymous: true, layout: 'bare', load: () => import('../pages/forget/ForgetPage.tsx') },
  { name: 'error401', path: '/401', anonymous: true, layout: 'bare', load: named('Page401', () => import('../pages/errors/ErrorPages.tsx')) },
  { name: 'error404', path: '/404', anonymous: true, layout: 'bare', load: named('Page404', () => import('../pages/errors/ErrorPages.tsx')) },
  { name: 'error500', path: '/500', anonymous: true, layout: 'bare', load: named('Page500', () => import('../pages/errors/ErrorPages.tsx')) },
  { name: 'auth', path: '/auth/:userId/:targetUrl', anonymous: true, clearOnEntry: true, layout: 'bare', load: () => import('../pages/auth/AuthPage.tsx') },
  { name: 'authorize', path: '/authorize', anonymous: true, clearOnEntry: true, layout: 'bare', load: () => import('../pages/auth/AuthorizePage.tsx') },
  { name: 'main', path: '/main', anonymous: true, layout: 'bare', redirectTo: '/login' },
  { name: 'external', path: '/main/external/:url', layout: 'shell', load: () => import('../pages/external/ExternalPage.tsx') },
  { name: 'servicehome', path: '/servicehome', layout: 'shell', load: () => import('../pages/home/ServiceHomePage.tsx') },
  { name: 'home1', path: '/home1', layout: 'shell', load: () => import('../pages/home/StoreHomePage.tsx') },
  { name: 'about', path: '/about', layout: 'shell', load: () => import('../pages/account/AboutPage.tsx') },
  { name: 'resetpassword', path: '/resetpassword/view', layout: 'shell', load: () => import('../pages/account/ChangePasswordPage.tsx') },
  { name: 'avatar', path: '/profile/avatar', layout: 'shell', load: () => import('../pages/account/AvatarPage.tsx') },
  // Base data: station records and the station profile (spec 001 §2 /basicData).
  { name: 'stationrecord', path: '/basicData/stationrecord', layout: 'shell', permissions: ['station.read'], load: () => import('../pages/basicdata/StationRecordListPage.tsx') },
  { name: 'stationrecordCreate', path: '/basicData/stationrecord/create', layout: 'shell', permissions: ['station.write'], load: () => import('../pages/basicdata/StationRecordFormPage.tsx') },
  { name: 'stationrecordView', path: '/basicData/stationrecord/view/:id', layout: 'shell', permissions: ['station.read'], load: () => import('../pages/basicdata/StationRecordFormPage.tsx') },
  { name: 'stationProfile', path: '/basicData/edit', layout: 'shell', permissions: ['station.read'], load: () => import('../pages/basicdata/StationProfilePage.tsx') },
  // Service personnel (not in the spec's route table).
  { name: 'workerList', path: '/worker/list', layout: 'shell', permissions: ['worker.read'], load: () => import('../pages/worker/WorkerListPage.tsx') },
  { name: 'workerCreate', path: '/worker/create', layout: 'shell', permissions: ['worker.write'], load: () => import('../pages/worker/WorkerFormPage.tsx') },
  { name: 'workerEdit', path: '/worker/edit/:id', layout: 'shell', permissions: ['worker.read'], load: () => import('../pages/worker/WorkerFormPage.tsx') },
  // Notices: the service menu's list (kept), views from the list, the message centre and the service side; head office manages them.
  { name: 'dmsnoticeList', path: '/dmsnotice/list', layout: 'shell', keepAlive: true, permissions: ['notice.read'], load: () => import('../pages/notice/NoticeListPage.tsx') },
  { name: 'dmsnoticeView', path: '/dmsnotice/view/:id', layout: 'shell', permissions: ['notice.read'], load: () => import('../pages/notice/NoticeViewPage.tsx') },
  { name: 'dmsnoticeMsgView', path: '/dmsnotice/msgview/:id', layout: 'shell', permissions: ['notice.read'], load: () => import('../pages/notice/NoticeViewPage.tsx') },
  { name: 'servicenoticeList', path: '/servicenotice/list', layout: 'shell', permissions: ['notice.read'], load: () => import('../pages/notice/ServiceNoticeListPage.tsx') },
  { name: 'servicenoticeView', path: '/servicenotice/view/:id', layout: 'shell', permissions: ['notice.read'], load: () => import('../pages/notice/NoticeViewPage.tsx') },
  { name: 'noticeManage', path: '/dmsnotice/manage', layout: 'shell', permissions: ['notice.publish'], load: () => import('../pages/notice/NoticeManageListPage.tsx') },
  { name: 'noticeManageCreate', path: '/dmsnotice/manage/create', layout: 'shell', permissions: ['notice.publish'], load: () => import('../pages/notice/NoticeManageFormPage.tsx') },
  { name: 'noticeManageEdit', path: '/dmsnotice/manage/edit/:id', layout: 'shell', permissions: ['notice.publish'], load: () => import('../pages/notice/NoticeManageFormPage.tsx') },
  // Knowledge base.
  { name: 'kbList', path: '/kb/list', layout: 'shell', permissions: ['kb.read'], load: () => import('../pages/kb/KbListPage.tsx') },
  { name: 'kbDetail', path: '/kb/detail/:id', layout: 'shell', permissions: ['kb.read'], load: () => import('../pages/kb/KbDetailPage.tsx') },
  { name: 'kbCreate', path: '/kb/create', layout: 'shell', permissions: ['kb.write'], load: () => import('../pages/kb/KbFormPage.tsx') },
  { name: 'kbEdit', path: '/kb/edit/:id', layout: 'shell', permissions: ['kb.write'], load: () => import('../pages/kb/KbFormPage.tsx') },
  // System parameters (administrators).
  { name: 'systemparameterList', path: '/systemparameter/list', layout: 'shell', permissions: ['parameter.manage'], load: () => import('../pages/system/ParameterListPage.tsx') },
  { name: 'systemparameterCreate', path: '/systemparameter/create', layout: 'shell', permissions: ['parameter.manage'], load: () => import('../pages/system/ParameterFormPage.tsx') },
  { name: 'systemparameterEdit', path: '/systemparameter/edit/:id', layout: 'shell', permissions: ['parameter.manage'], load: () => import('../pages/system/ParameterFormPage.tsx') },
  // Shop: catalogue, cart, order confirmation, orders.
  { name: 'chooseproduct', path: '/shoppingmall/chooseproduct/:name?/:id?', anonymous: true, layout: 'shell', load: () => import('../pages/shop/ChooseProductPage.tsx') },
  { name: 'shopcart', path: '/shopcart/list', layout: 'shell', permissions: ['shop.buy'], load: () => import('../pages/shop/CartPage.tsx') },
  { name: 'confirmOrder', path: '/confirm/:id/order', layout: 'shell', permissions: ['shop.buy'], load: () => import('../pages/shop/ConfirmOrderPage.tsx') },
  { name: 'orderList', path: '/order/list', layout: 'shell', permissions: ['sales.read'], load: () => import('../pages/shop/OrderListPage.tsx') },
  { name: 'orderDetail', path: '/order/:id/detail', layout: 'shell', permissions: ['sales.read'], load: () => import('../pages/shop/OrderDetailPage.tsx') },
  // Approvals (spec 001 §2): bonus and penalty orders (create is not in the spec's table), my approvals, flows and flow roles.
  { name: 'claimFineList', path: '/claimFine/list', layout: 'shell', keepAlive: true, permissions: ['expense.read'], load: () => import('../pages/claimfine/ClaimFineListPage.tsx') },
  { name: 'claimFineCreate', path: '/claimFine/create', layout: 'shell', permissions: ['expense.write'], load: () => import('../pages/claimfine/ClaimFineFormPage.tsx') },
  { name: 'claimFineDetail', path: '/claimFine/detail/:id', layout: 'shell', permissions: ['expense.read'], screen: { entity: 'new_srv_claimfine', kind: 'edit' }, load: () => import('../pages/claimfine/ClaimFineFormPage.tsx') },
  { name: 'myapprovalList', path: '/myapproval/list', layout: 'shell', permissions: ['approval.act'], load: () => import('../pages/approval/MyApprovalListPage.tsx') },
  { name: 'myapprovalEdit', path: '/myapproval/edit', layout: 'shell', permissions: ['approval.act'], load: () => import('../pages/approval/MyApprovalEditPage.tsx') },
  { name: 'flowList', path: '/flow/list', layout: 'shell', permissions: ['flow.manage'], load: () => import('../pages/approval/FlowListPage.tsx') },
  { name: 'flowCreate', path: '/flow/createDetail', layout: 'shell', permissions: ['flow.manage'], load: () => import('../pages/approval/FlowFormPage.tsx') },
  { name: 'flowEdit', path: '/flow/edit/:id', layout: 'shell', permissions: ['flow.manage'], load: () => import('../pages/approval/FlowFormPage.tsx') },
  { name: 'flowRole', path: '/flow/role', layout: 'shell', permissions: ['flow.manage'], load: () => import('../pages/approval/FlowRoleListPage.tsx') },
  { name: 'flowRoleCreate', path: '/flow/createRoleDetail', layout: 'shell', permissions: ['flow.manage'], load: () => import('../pages/approval/FlowRoleFormPage.tsx') },
  { name: 'flowRoleEdit', path: '/flow/roleedit/:id', layout: 'shell', permissions: ['flow.manage'], load: () => import('../pages/approval/FlowRoleFormPage.tsx') },
  ...WORK_ORDER_ROUTES,
  ...INSIGHT_ROUTES,
  ...PARTS_ROUTES,
  ...STOCK_ROUTES,
  ...QUOTA_ROUTES,
  ...EXPENSE_ROUTES,
  ...DELAY_ROUTES,
  ...CASE_ROUTES,
  ...SITE_RETURN_ROUTES,
  ...PARTS_RETURN_ROUTES,
  ...PRODUCT_RETURN_ROUTES,
  ...OVERSEAS_ROUTES,
  ...CONTRACT_ROUTES,
  ...STATION_APPLY_ROUTES,
  ...SHOP_PUBLIC_ROUTES,
  ...CONTENT_ROUTES,
  ...QUICK_ORDER_ROUTES,
  ...SELF_SERVICE_ROUTES,
  ...MESSAGE_ROUTES,
  ...ENGINEER_APP_ROUTES,
  ...WORK_CALENDAR_ROUTES,
  ...USER_ROUTES,
];

/** Where a signed-in user's home is, by portal kind. */
export const homePath = (isStore: boolean) => (isStore ? '/home1' : '/servicehome');
/** The sign-in screen, by portal kind. */
export const signInPath = (isStore: boolean) => (isStore ? '/login1' : '/login');
