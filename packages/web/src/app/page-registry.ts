import type { ComponentType } from 'react';
import type { EntityScreen } from './entity-screens.ts';
import { mapScreen } from './routes-insights.ts';

export type PageModule = { default: ComponentType };
type PageLoader = () => Promise<PageModule>;

const named =
  <K extends string>(key: K, loader: () => Promise<Record<K, ComponentType>>): PageLoader =>
  () =>
    loader().then((m) => ({ default: m[key] }));

/**
 * Every specific page of the app, by name, loaded on demand (one chunk per page): a route or a
 * model screen declaration names its page (`page: 'CasePage'`), and only the router reads this
 * file, so pages that ask where their siblings live (screenPath) never import themselves back.
 * A new specific page is one line here (page-registry.test.ts fails on a name without a line).
 */
export const PAGES = {
  AboutPage: () => import('../pages/account/AboutPage.tsx'),
  AccountApplyPage: () => import('../pages/account-apply/AccountApplyPage.tsx'),
  AccountCheckPage: () => import('../pages/finance/AccountCheckPage.tsx'),
  AccountStatementListPage: () => import('../pages/finance/AccountStatementListPage.tsx'),
  AccountStatementPage: () => import('../pages/finance/AccountStatementPage.tsx'),
  AccountStatementPrintPage: () => import('../pages/finance/AccountStatementPrintPage.tsx'),
  ActivityApplyPage: () => import('../pages/marketing-funds/ActivityApplyPage.tsx'),
  ActivityUsePage: () => import('../pages/marketing-funds/ActivityUsePage.tsx'),
  AmountAdjustFormPage: () => import('../pages/quota/AmountAdjustFormPage.tsx'),
  AuthPage: () => import('../pages/auth/AuthPage.tsx'),
  AuthorizePage: () => import('../pages/auth/AuthorizePage.tsx'),
  AvatarPage: () => import('../pages/account/AvatarPage.tsx'),
  CartPage: () => import('../pages/shop/CartPage.tsx'),
  CasePage: () => import('../pages/cases/CasePage.tsx'),
  ChangePasswordPage: () => import('../pages/account/ChangePasswordPage.tsx'),
  ChooseProductPage: () => import('../pages/shop/ChooseProductPage.tsx'),
  ClaimFineFormPage: () => import('../pages/claimfine/ClaimFineFormPage.tsx'),
  ClaimFineListPage: () => import('../pages/claimfine/ClaimFineListPage.tsx'),
  ConfirmOrderPage: () => import('../pages/shop/ConfirmOrderPage.tsx'),
  ContractLinePage: () => import('../pages/contract/ContractLinePage.tsx'),
  ContractPage: () => import('../pages/contract/ContractPage.tsx'),
  CostApplyPage: () => import('../pages/marketing-funds/CostApplyPage.tsx'),
  CountListPage: () => import('../pages/stock/CountListPage.tsx'),
  CountSheetPage: () => import('../pages/stock/CountSheetPage.tsx'),
  DelayCancelPage: () => import('../pages/delay/DelayCancelPage.tsx'),
  DelayProductPage: () => import('../pages/delay/DelayProductPage.tsx'),
  DeliveryCreatePage: () => import('../pages/parts/DeliveryCreatePage.tsx'),
  DeliveryFormPage: () => import('../pages/parts/DeliveryFormPage.tsx'),
  DeliveryLineCreatePage: named('DeliveryLineCreatePage', () => import('../pages/parts/DeliveryLineFormPage.tsx')),
  DeliveryLineEditPage: named('DeliveryLineEditPage', () => import('../pages/parts/DeliveryLineFormPage.tsx')),
  DeliveryListPage: () => import('../pages/parts/DeliveryListPage.tsx'),
  DocumentLoad: () => import('./DocumentLoad.tsx'),
  DocumentViewPage: () => import('../pages/seltable/DocumentViewPage.tsx'),
  ExcellentCasePage: () => import('../pages/cases/ExcellentCasePage.tsx'),
  ExpenseClaimListPage: () => import('../pages/expense/ExpenseClaimListPage.tsx'),
  ExpenseClaimPage: () => import('../pages/expense/ExpenseClaimPage.tsx'),
  ExpenseConfirmationPage: () => import('../pages/expense/ExpenseConfirmationPage.tsx'),
  ExternalPage: () => import('../pages/external/ExternalPage.tsx'),
  FavouriteListPage: () => import('../pages/collect/FavouriteListPage.tsx'),
  FavouriteViewPage: () => import('../pages/collect/FavouriteViewPage.tsx'),
  FileDownloadViewPage: named('FileDownloadViewPage', () => import('../pages/content/ContentViewPage.tsx')),
  FinanceSearchPage: () => import('../pages/finance/FinanceSearchPage.tsx'),
  FlowFormPage: () => import('../pages/approval/FlowFormPage.tsx'),
  FlowListPage: () => import('../pages/approval/FlowListPage.tsx'),
  FlowRoleFormPage: () => import('../pages/approval/FlowRoleFormPage.tsx'),
  FlowRoleListPage: () => import('../pages/approval/FlowRoleListPage.tsx'),
  ForgetPage: () => import('../pages/forget/ForgetPage.tsx'),
  HomePage: () => import('../pages/home/HomePage.tsx'),
  InventoryStatementPage: () => import('../pages/ledger-reports/InventoryStatementPage.tsx'),
  KbDetailPage: () => import('../pages/kb/KbDetailPage.tsx'),
  KbFormPage: () => import('../pages/kb/KbFormPage.tsx'),
  KbListPage: () => import('../pages/kb/KbListPage.tsx'),
  LoginPage: () => import('../pages/login/LoginPage.tsx'),
  MenuGridPage: () => import('../pages/menu/MenuGridPage.tsx'),
  MessageCentrePage: () => import('../pages/message/MessageCentrePage.tsx'),
  MyApprovalEditPage: () => import('../pages/approval/MyApprovalEditPage.tsx'),
  MyApprovalListPage: () => import('../pages/approval/MyApprovalListPage.tsx'),
  NoticeListPage: () => import('../pages/notice/NoticeListPage.tsx'),
  NoticeManageFormPage: () => import('../pages/notice/NoticeManageFormPage.tsx'),
  NoticeManageListPage: () => import('../pages/notice/NoticeManageListPage.tsx'),
  NoticeViewPage: () => import('../pages/notice/NoticeViewPage.tsx'),
  OrderCompletePage: () => import('../pages/sales/OrderCompletePage.tsx'),
  OrderPrintPage: () => import('../pages/sales/OrderPrintPage.tsx'),
  OverseasListPage: () => import('../pages/overseas/OverseasListPage.tsx'),
  OverseasOrderPage: () => import('../pages/overseas/OverseasOrderPage.tsx'),
  Page401: named('Page401', () => import('../pages/errors/ErrorPages.tsx')),
  Page404: named('Page404', () => import('../pages/errors/ErrorPages.tsx')),
  Page500: named('Page500', () => import('../pages/errors/ErrorPages.tsx')),
  ParameterFormPage: () => import('../pages/system/ParameterFormPage.tsx'),
  ParameterListPage: () => import('../pages/system/ParameterListPage.tsx'),
  PartsApplyFormPage: () => import('../pages/parts/PartsApplyFormPage.tsx'),
  PartsReturnPage: () => import('../pages/parts-return/PartsReturnPage.tsx'),
  PartsReturnPrintPage: () => import('../pages/parts-return/PartsReturnPrintPage.tsx'),
  PartsTransferFormPage: () => import('../pages/parts/PartsTransferFormPage.tsx'),
  ProductDetailPage: () => import('../pages/shop/ProductDetailPage.tsx'),
  ProductReturnPage: () => import('../pages/product-return/ProductReturnPage.tsx'),
  PurchaseOrderListPage: () => import('../pages/sales/PurchaseOrderListPage.tsx'),
  PurchaseOrderPage: () => import('../pages/sales/PurchaseOrderPage.tsx'),
  QuickOrderImportPage: () => import('../pages/shop/QuickOrderImportPage.tsx'),
  QuickOrderPage: () => import('../pages/shop/QuickOrderPage.tsx'),
  QuotaFlowPage: () => import('../pages/ledger-reports/QuotaFlowPage.tsx'),
  ReceiptListPage: () => import('../pages/parts/ReceiptListPage.tsx'),
  ReceiptPage: () => import('../pages/parts/ReceiptPage.tsx'),
  SalesOrderPage: () => import('../pages/parts/SalesOrderPage.tsx'),
  SearchProductPage: () => import('../pages/shop/SearchProductPage.tsx'),
  SelfCheckPage: () => import('../pages/selfcheck/SelfCheckPage.tsx'),
  ServiceCalendarPage: () => import('../pages/workorder/ServiceCalendarPage.tsx'),
  ServiceHomePage: () => import('../pages/home/ServiceHomePage.tsx'),
  ServiceNoticeListPage: () => import('../pages/notice/ServiceNoticeListPage.tsx'),
  ShipmentPrintPage: () => import('../pages/sales/ShipmentPrintPage.tsx'),
  SiteReturnPage: () => import('../pages/site-return/SiteReturnPage.tsx'),
  StationAmountEditPage: () => import('../pages/quota/StationAmountEditPage.tsx'),
  StationAmountListPage: () => import('../pages/quota/StationAmountListPage.tsx'),
  StationApplyListPage: () => import('../pages/station-apply/StationApplyListPage.tsx'),
  StationChangeApplyPage: () => import('../pages/station-apply/StationChangeApplyPage.tsx'),
  StationContinueApplyPage: named('StationContinueApplyPage', () => import('../pages/station-apply/StationApplyKindPage.tsx')),
  StationExitApplyPage: named('StationExitApplyPage', () => import('../pages/station-apply/StationApplyKindPage.tsx')),
  StationInventoryPage: () => import('../pages/stock/StationInventoryPage.tsx'),
  StationProfilePage: () => import('../pages/basicdata/StationProfilePage.tsx'),
  StationRecordFormPage: () => import('../pages/basicdata/StationRecordFormPage.tsx'),
  StationRecordListPage: () => import('../pages/basicdata/StationRecordListPage.tsx'),
  StockInPage: named('StockInPage', () => import('../pages/stock/StockInOutPage.tsx')),
  StockOutPage: named('StockOutPage', () => import('../pages/stock/StockInOutPage.tsx')),
  StaffCreatePage: () => import('../pages/user-centre/StaffCreatePage.tsx'),
  StaffListPage: () => import('../pages/user-centre/StaffListPage.tsx'),
  StockRowPage: () => import('../pages/stock/StockRowPage.tsx'),
  StockTransactionListPage: () => import('../pages/stock/StockTransactionListPage.tsx'),
  StockTransactionPage: () => import('../pages/stock/StockTransactionPage.tsx'),
  StoreHomePage: () => import('../pages/home/StoreHomePage.tsx'),
  StoreLoginPage: () => import('../pages/login/StoreLoginPage.tsx'),
  TaskListPage: () => import('../pages/stock/TaskListPage.tsx'),
  TechFileViewPage: named('TechFileViewPage', () => import('../pages/content/ContentViewPage.tsx')),
  UserFormPage: () => import('../pages/user/UserFormPage.tsx'),
  WorkCalendarListPage: () => import('../pages/system/WorkCalendarListPage.tsx'),
  WorkOrderFormPage: () => import('../pages/workorder/WorkOrderFormPage.tsx'),
  WorkOrderListPage: () => import('../pages/workorder/WorkOrderListPage.tsx'),
  WorkOrderSearchPage: () => import('../pages/workorder/WorkOrderSearchPage.tsx'),
  WorkerFormPage: () => import('../pages/worker/WorkerFormPage.tsx'),
  WorkerListPage: () => import('../pages/worker/WorkerListPage.tsx'),
  MapViewPage: mapScreen(() => import('../pages/workorder/map/MapViewPage.tsx'), ['workorder.read']),
  MapAssignPage: mapScreen(() => import('../pages/workorder/MapAssignPage.tsx'), ['workorder.dispatch']),
} satisfies Record<string, PageLoader>;

export type PageName = keyof typeof PAGES;

/** The loader of a route's screen: its named page, or the generic screen of its entity. */
export function routeLoader(d: { page?: PageName; screen?: EntityScreen; load?: PageLoader }): PageLoader | undefined {
  if (d.load) return d.load;
  if (d.page) return PAGES[d.page];
  const s = d.screen;
  if (s?.generic) return () => import('../entity-ui/GenericScreens.tsx').then((m) => ({ default: m.genericScreen(s) as ComponentType }));
  return undefined;
}
