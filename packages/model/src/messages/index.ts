import type { Label, Lang } from '../define.ts';
import { coreMessages } from './core.ts';
import { uiMessages } from './ui.ts';
import { recordsMessages } from './records.ts';
import { webApiMessages } from './web-api.ts';
import { filesMessages } from './files.ts';
import { widgetsMessages } from './widgets.ts';
import { approvalMessages } from './approval.ts';
import { approvalUiMessages } from './approval-ui.ts';
import { workOrderMessages } from './work-order.ts';
import { workOrderUiMessages } from './work-order-ui.ts';
import { workOrderInsightsMessages } from './work-order-insights.ts';
import { partsMessages } from './parts.ts';
import { partsUiMessages } from './parts-ui.ts';
import { stockUiMessages } from './stock-ui.ts';
import { expenseMessages } from './expense.ts';
import { quotaMessages } from './quota.ts';
import { ledgerReportMessages } from './ledger-reports.ts';
import { unsavedMessages } from './unsaved.ts';
import { statusTagMessages } from './status-tags.ts';
import { pageTabsMessages } from './page-tabs.ts';
import { listSettingsMessages } from './list-settings.ts';
import { baseMapMessages } from './base-map.ts';
import { checkoutMessages } from './checkout.ts';
import { approvalOutcomeMessages } from './approval-outcomes.ts';
import { delayMessages } from './delay.ts';
import { casesMessages } from './cases.ts';
import { overseasMessages } from './overseas.ts';
import { contractMessages } from './contract.ts';
import { partsSalesMessages } from './parts-sales.ts';
import { productReturnMessages } from './product-return.ts';
import { documentMessages } from './documents.ts';
import { stationApplyMessages } from './station-apply.ts';
import { selfServiceMessages } from './self-service.ts';
import { partsReturnMessages } from './parts-return.ts';
import { siteReturnMessages } from './site-return.ts';
import { shopPublicMessages } from './shop-public.ts';
import { quickOrderMessages } from './quick-order.ts';
import { messageCentreMessages } from './message-centre.ts';
import { contentMessages } from './content.ts';
import { phoneMessages } from './phone.ts';
import { cardListMessages } from './card-list.ts';
import { pwaMessages } from './pwa.ts';
import { engineerAppMessages } from './engineer-app.ts';
import { workingCalendarMessages } from './working-calendar.ts';
import { serviceAccountMessages } from './service-accounts.ts';
import { approvalReasonMessages } from './approval-reasons.ts';
import { notificationMessages } from './notifications.ts';
import { stationStaffMessages } from './station-staff.ts';
import { userCentreMessages } from './user-centre.ts';
import { stockInOutMessages } from './stock-in-out.ts';
import { salesMessages } from './sales.ts';
import { salesFinanceMessages } from './sales-finance.ts';
import { salesPrintMessages } from './sales-print.ts';
import { purchaseOrderMessages } from './purchase-orders.ts';
import { dealerAccountMessages } from './dealer-account.ts';
import { accountStatementMessages } from './account-statement.ts';
import { rebateMessages } from './rebates.ts';
import { creditMessages } from './credit.ts';
import { marketingFundsMessages } from './marketing-funds.ts';
import { salesTargetMessages } from './sales-targets.ts';
import { quoteMessages } from './quotes.ts';
import { leadMessages } from './leads.ts';
import { configuratorMessages } from './configurator.ts';
import { salesContractMessages } from './sales-contracts.ts';
import { webhookMessages } from './webhooks.ts';

export const messages = {
  ...coreMessages,
  ...salesMessages,
  ...salesFinanceMessages,
  ...salesPrintMessages,
  ...shopPublicMessages,
  ...casesMessages,
  ...selfServiceMessages,
  ...uiMessages,
  ...recordsMessages,
  ...webApiMessages,
  ...filesMessages,
  ...widgetsMessages,
  ...approvalMessages,
  ...approvalUiMessages,
  ...workOrderMessages,
  ...workOrderUiMessages,
  ...workOrderInsightsMessages,
  ...partsMessages,
  ...partsUiMessages,
  ...stockUiMessages,
  ...expenseMessages,
  ...quotaMessages,
  ...ledgerReportMessages,
  ...unsavedMessages,
  ...pageTabsMessages,
  ...listSettingsMessages,
  ...baseMapMessages,
  ...checkoutMessages,
  ...statusTagMessages,
  ...approvalOutcomeMessages,
  ...partsSalesMessages,
  ...partsReturnMessages,
  ...siteReturnMessages,
  ...delayMessages,
  ...contractMessages,
  ...productReturnMessages,
  ...stationApplyMessages,
  ...overseasMessages,
  ...quickOrderMessages,
  ...messageCentreMessages,
  ...contentMessages,
  ...phoneMessages,
  ...cardListMessages,
  ...pwaMessages,
  ...engineerAppMessages,
  ...workingCalendarMessages,
  ...serviceAccountMessages,
  ...approvalReasonMessages,
  ...notificationMessages,
  ...stationStaffMessages,
  ...userCentreMessages,
  ...stockInOutMessages,
  ...purchaseOrderMessages,
  ...dealerAccountMessages,
  ...accountStatementMessages,
  ...rebateMessages,
  ...creditMessages,
  ...marketingFundsMessages,
  ...salesTargetMessages,
  ...quoteMessages,
  ...leadMessages,
  ...configuratorMessages,
  ...salesContractMessages,
  ...documentMessages,
  ...webhookMessages,
} as const satisfies Record<string, Label>;
export type MessageKey = keyof typeof messages;

/** Fills `{name}` placeholders. */
export function format(template: string, params?: Record<string, string | number>): string {
  if (!params) return template;
  return template.replace(/\{(\w+)\}/g, (m, k: string) => (k in params ? String(params[k]) : m));
}

export function msg(key: MessageKey, lang: Lang, params?: Record<string, string | number>): string {
  return format(messages[key][lang], params);
}
