import type { Privilege } from '@portal/model';
import type { EntityScreen } from './entity-screens.ts';
import type { RouteInfo } from './guard.ts';
import type { PageModule, PageName } from './page-registry.ts';
import { WORK_ORDER_ROUTES } from './routes-work-order.ts';
import { INSIGHT_ROUTES } from './routes-insights.ts';
import { PARTS_ROUTES } from './routes-parts.ts';
import { STOCK_ROUTES } from './routes-stock.ts';
import { QUOTA_ROUTES } from './routes-quota.ts';
import { EXPENSE_ROUTES } from './routes-expense.ts';
import { PARTS_RETURN_ROUTES } from './routes-parts-return.ts';
import { SALES_PRINT_ROUTES } from './routes-sales-print.ts';
import { PRODUCT_RETURN_ROUTES } from './routes-product-return.ts';
import { OVERSEAS_ROUTES } from './routes-overseas.ts';
import { CONTRACT_ROUTES } from './routes-contract.ts';
import { STATION_APPLY_ROUTES } from './routes-station-apply.ts';
import { SHOP_PUBLIC_ROUTES } from './routes-shop-public.ts';
import { QUICK_ORDER_ROUTES } from './routes-quick-order.ts';
import { SELF_SERVICE_ROUTES } from './routes-self-service.ts';
import { MESSAGE_ROUTES } from './routes-message.ts';
import { ENGINEER_APP_ROUTES } from './routes-engineer-app.ts';
import { MODEL_ROUTES } from './model-routes.ts';

export interface RouteDef extends RouteInfo {
  path: string;
  /** The screen keeps its state when the user leaves it (spec "keep"). */
  keepAlive?: boolean;
  /** 'shell': inside the portal's header and navigation; 'bare': full-page (sign-in, errors). */
  layout: 'shell' | 'bare';
  permissions?: Privilege[];
  /** The screen's page in the page registry (loaded on demand, one chunk per page); generic screens name none. */
  page?: PageName;
  /** A loader of its own instead of a registry page (test fixtures). */
  load?: () => Promise<PageModule>;
  /** A route that only forwards elsewhere. */
  redirectTo?: string;
  /** The entity screen this route is (generic screens, and specific ones that stand for an entity's screen). */
  screen?: EntityScreen;
}

/**
 * The route table as data: the router, the guards and the menu are all derived from it. Business
 * screens of spec 001 §2 are added here as they are built; until then the menu shows them disabled.
 */
export const ROUTES: RouteDef[] = [
  { name: 'home', path: '/', anonymous: true, keepAlive: true, layout: 'bare', page: 'HomePage' },
  { name: 'login', path: '/login', anonymous: true, keepAlive: true, layout: 'bare', page: 'LoginPage' },
  { name: 'login1', path: '/login1', anonymous: true, layout: 'bare', page: 'StoreLoginPage' },
  { name: 'forget', path: '/forget', anonymous: true, layout: 'bare', page: 'ForgetPage' },
  { name: 'error401', path: '/401', anonymous: true, layout: 'bare', page: 'Page401' },
  { name: 'error404', path: '/404', anonymous: true, layout: 'bare', page: 'Page404' },
  { name: 'error500', path: '/500', anonymous: true, layout: 'bare', page: 'Page500' },
  { name: 'auth', path: '/auth/:userId/:targetUrl', anonymous: true, clearOnEntry: true, layout: 'bare', page: 'AuthPage' },
  { name: 'authorize', path: '/authorize', anonymous: true, clearOnEntry: true, layout: 'bare', page: 'AuthorizePage' },
  { name: 'main', path: '/main', anonymous: true, layout: 'bare', redirectTo: '/login' },
  { name: 'external', path: '/main/external/:url', layout: 'shell', page: 'ExternalPage' },
  { name: 'servicehome', path: '/servicehome', layout: 'shell', page: 'ServiceHomePage' },
  { name: 'home1', path: '/home1', layout: 'shell', page: 'StoreHomePage' },
  { name: 'about', path: '/about', layout: 'shell', page: 'AboutPage' },
  { name: 'resetpassword', path: '/resetpassword/view', layout: 'shell', page: 'ChangePasswordPage' },
  { name: 'avatar', path: '/profile/avatar', layout: 'shell', page: 'AvatarPage' },
  // Base data: station records and the station profile (spec 001 §2 /basicData).
  {
    name: 'stationrecord',
    path: '/basicData/stationrecord',
    layout: 'shell',
    permissions: ['station.read'],
    page: 'StationRecordListPage',
  },
  {
    name: 'stationrecordCreate',
    path: '/basicData/stationrecord/create',
    layout: 'shell',
    permissions: ['station.write'],
    page: 'StationRecordFormPage',
  },
  {
    name: 'stationrecordView',
    path: '/basicData/stationrecord/view/:id',
    layout: 'shell',
    permissions: ['station.read'],
    page: 'StationRecordFormPage',
  },
  // Service personnel (not in the spec's route table).
  { name: 'workerCreate', path: '/worker/create', layout: 'shell', permissions: ['worker.write'], page: 'WorkerFormPage' },
  { name: 'workerEdit', path: '/worker/edit/:id', layout: 'shell', permissions: ['worker.read'], page: 'WorkerFormPage' },
  // Notices: the service menu's list (kept), views from the list, the message centre and the service side; head office manages them.
  { name: 'dmsnoticeView', path: '/dmsnotice/view/:id', layout: 'shell', permissions: ['notice.read'], page: 'NoticeViewPage' },
  { name: 'dmsnoticeMsgView', path: '/dmsnotice/msgview/:id', layout: 'shell', permissions: ['notice.read'], page: 'NoticeViewPage' },
  { name: 'servicenoticeList', path: '/servicenotice/list', layout: 'shell', permissions: ['notice.read'], page: 'ServiceNoticeListPage' },
  { name: 'servicenoticeView', path: '/servicenotice/view/:id', layout: 'shell', permissions: ['notice.read'], page: 'NoticeViewPage' },
  {
    name: 'noticeManageCreate',
    path: '/dmsnotice/manage/create',
    layout: 'shell',
    permissions: ['notice.publish'],
    page: 'NoticeManageFormPage',
  },
  {
    name: 'noticeManageEdit',
    path: '/dmsnotice/manage/edit/:id',
    layout: 'shell',
    permissions: ['notice.publish'],
    page: 'NoticeManageFormPage',
  },
  // Knowledge base.
  { name: 'kbDetail', path: '/kb/detail/:id', layout: 'shell', permissions: ['kb.read'], page: 'KbDetailPage' },
  { name: 'kbCreate', path: '/kb/create', layout: 'shell', permissions: ['kb.write'], page: 'KbFormPage' },
  { name: 'kbEdit', path: '/kb/edit/:id', layout: 'shell', permissions: ['kb.write'], page: 'KbFormPage' },
  // System parameters (administrators).
  {
    name: 'systemparameterCreate',
    path: '/systemparameter/create',
    layout: 'shell',
    permissions: ['parameter.manage'],
    page: 'ParameterFormPage',
  },
  {
    name: 'systemparameterEdit',
    path: '/systemparameter/edit/:id',
    layout: 'shell',
    permissions: ['parameter.manage'],
    page: 'ParameterFormPage',
  },
  // Shop: catalogue, cart, order confirmation, orders.
  { name: 'confirmOrder', path: '/confirm/:id/order', layout: 'shell', permissions: ['shop.buy'], page: 'ConfirmOrderPage' },
  // Approvals (spec 001 §2): bonus and penalty orders (create is not in the spec's table), my approvals, flows and flow roles.
  { name: 'claimFineCreate', path: '/claimFine/create', layout: 'shell', permissions: ['expense.write'], page: 'ClaimFineFormPage' },
  { name: 'myapprovalEdit', path: '/myapproval/edit', layout: 'shell', permissions: ['approval.act'], page: 'MyApprovalEditPage' },
  { name: 'flowCreate', path: '/flow/createDetail', layout: 'shell', permissions: ['flow.manage'], page: 'FlowFormPage' },
  { name: 'flowEdit', path: '/flow/edit/:id', layout: 'shell', permissions: ['flow.manage'], page: 'FlowFormPage' },
  { name: 'flowRoleCreate', path: '/flow/createRoleDetail', layout: 'shell', permissions: ['flow.manage'], page: 'FlowRoleFormPage' },
  { name: 'flowRoleEdit', path: '/flow/roleedit/:id', layout: 'shell', permissions: ['flow.manage'], page: 'FlowRoleFormPage' },
  ...WORK_ORDER_ROUTES,
  ...INSIGHT_ROUTES,
  ...PARTS_ROUTES,
  ...STOCK_ROUTES,
  ...QUOTA_ROUTES,
  ...EXPENSE_ROUTES,
  ...PARTS_RETURN_ROUTES,
  ...SALES_PRINT_ROUTES,
  ...PRODUCT_RETURN_ROUTES,
  ...OVERSEAS_ROUTES,
  ...CONTRACT_ROUTES,
  ...STATION_APPLY_ROUTES,
  ...SHOP_PUBLIC_ROUTES,
  ...QUICK_ORDER_ROUTES,
  ...SELF_SERVICE_ROUTES,
  ...MESSAGE_ROUTES,
  ...ENGINEER_APP_ROUTES,
  // Screens declared in the model: entities' list/create/edit/view screens and the menu's pages.
  ...MODEL_ROUTES,
];

/** Where a signed-in user's home is, by portal kind. */
export const homePath = (isStore: boolean) => (isStore ? '/home1' : '/servicehome');
/** The sign-in screen, by portal kind. */
export const signInPath = (isStore: boolean) => (isStore ? '/login1' : '/login');
