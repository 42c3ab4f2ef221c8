import type { EntityDef } from './define.ts';
import { businessUnit } from './entities/business-unit.ts';
import { serviceStation } from './entities/service-station.ts';
import { language, languageConfig, operationLog, systemParameter } from './entities/system.ts';
import { role, rolePrivilege, systemUser, userRole } from './entities/system-user.ts';
import { serviceWorker } from './entities/service-worker.ts';
import { notice, noticeRead, noticeReply } from './entities/notice.ts';
import { kbArticle } from './entities/knowledge.ts';
import { approvalLog, approvalStep, flow, flowRole, flowRoleUser, flowSteps, flowStepUser } from './entities/approval.ts';
import { claimFine } from './entities/claim-fine.ts';
import { workOrder } from './entities/work-order.ts';
import { outsideLine, partLine, repairItem, trouble, workOrderLog } from './entities/work-order-details.ts';
import { cartItem, product, productLine } from './entities/product.ts';
import { salesOrder, salesOrderDetail } from './entities/sales-order.ts';
import { quote, quoteDetail } from './entities/quote.ts';
import { priceListItem } from './entities/sales-price-list.ts';
import { reissue, reissueDetail, shipment, shipmentDetail } from './entities/sales-shipment.ts';
import { invoice, invoiceDetail, receipt, receiptAllocation, taxInvoice, taxInvoiceDetail } from './entities/sales-finance.ts';
import { siteInv, stockTransaction, warehouse } from './entities/stock.ts';
import { partsApply, partsApplyDetail } from './entities/parts-apply.ts';
import { stockOutOrder, stockOutOrderDetail } from './entities/delivery.ts';
import { partTransDetail, partTransOrder } from './entities/parts-transfer.ts';
import { partsSalesDetail, partsSalesOrder } from './entities/parts-sales.ts';
import { partsReturn, partsReturnDetail } from './entities/parts-return.ts';
import { siteReturn, siteReturnDetail } from './entities/site-return.ts';
import { invTask, stockCheck, stockCheckDetail } from './entities/stock-count.ts';
import { stockIn, stockInDetail, stockOut, stockOutDetail } from './entities/stock-in-out.ts';
import { stationPart } from './entities/station-part.ts';
import { expenseClaim, expenseClaimLine } from './entities/expense-claim.ts';
import { amountAdjustment, amountChangeLog } from './entities/quota.ts';
import { delayCancel, delayProduct } from './entities/delay.ts';
import { productReturn, productReturnDetail } from './entities/product-return.ts';
import { stationApply } from './entities/station-apply.ts';
import { accountApply } from './entities/account-apply.ts';
import { contract, contractLine } from './entities/contract.ts';
import { fileDownload, techFile } from './entities/content.ts';
import { excellentCase, serviceCase } from './entities/cases.ts';
import { workCalendarDay } from './entities/work-calendar.ts';
import { serviceAccount, serviceAccountUnit } from './entities/service-account.ts';
import { coopCustomer, endCustomer, store, storeProduct } from './entities/user-centre.ts';
import { purchaseOrder, purchaseOrderDetail } from './entities/purchase-order.ts';
import { accountMove, dealerAccount } from './entities/dealer-account.ts';
import { accountDispute, accountStatement } from './entities/account-statement.ts';
import { salesman, salesmanDealer } from './entities/salesman.ts';
import { accountTarget, staffTarget } from './entities/sales-target.ts';
import { salesForecast, salesForecastLine } from './entities/sales-forecast.ts';
import { specialPrice } from './entities/special-price.ts';
import { paymentPlan, planSettlement, salesContract, salesContractLine } from './entities/sales-contract.ts';
import { rebateAccount, rebateMove, rebatePolicy } from './entities/rebates.ts';
import { tempCredit } from './entities/temp-credit.ts';
import { creditLimitLog } from './entities/credit-limit-log.ts';
import { lead, leadCollaborator } from './entities/lead.ts';
import { opportunity, opportunityCompetitor, opportunityProduct } from './entities/opportunity.ts';
import { contact } from './entities/contact.ts';
import { activityApply, activityApplyDetail, activityUse, activityUseDetail, costApply } from './entities/marketing-funds.ts';
import { cpqBomItem, cpqOption, cpqOptionGroup, cpqProduct, cpqQuote, cpqRule } from './entities/configurator.ts';

/** Every entity of the portal. Adding an entity is one file plus one line here. */
export const ENTITIES: readonly EntityDef[] = [
  businessUnit,
  systemUser,
  role,
  rolePrivilege,
  userRole,
  serviceStation,
  systemParameter,
  language,
  languageConfig,
  operationLog,
  serviceWorker,
  notice,
  noticeRead,
  noticeReply,
  kbArticle,
  productLine,
  product,
  cartItem,
  salesOrder,
  salesOrderDetail,
  quote,
  quoteDetail,
  priceListItem,
  shipment,
  shipmentDetail,
  reissue,
  reissueDetail,
  invoice,
  invoiceDetail,
  taxInvoice,
  taxInvoiceDetail,
  receipt,
  receiptAllocation,
  dealerAccount,
  accountMove,
  accountStatement,
  accountDispute,
  salesman,
  salesmanDealer,
  staffTarget,
  accountTarget,
  salesForecast,
  salesForecastLine,
  specialPrice,
  salesContract,
  salesContractLine,
  paymentPlan,
  planSettlement,
  rebatePolicy,
  rebateAccount,
  rebateMove,
  tempCredit,
  creditLimitLog,
  costApply,
  activityApply,
  activityApplyDetail,
  activityUse,
  activityUseDetail,
  cpqProduct,
  cpqOptionGroup,
  cpqOption,
  cpqRule,
  cpqBomItem,
  cpqQuote,
  flow,
  flowSteps,
  flowStepUser,
  flowRole,
  flowRoleUser,
  approvalLog,
  approvalStep,
  claimFine,
  workOrder,
  repairItem,
  partLine,
  trouble,
  outsideLine,
  workOrderLog,
  warehouse,
  siteInv,
  stockTransaction,
  partsApply,
  partsApplyDetail,
  partTransOrder,
  partTransDetail,
  partsSalesOrder,
  partsSalesDetail,
  partsReturn,
  partsReturnDetail,
  siteReturn,
  siteReturnDetail,
  stockOutOrder,
  stockOutOrderDetail,
  invTask,
  stockCheck,
  stockCheckDetail,
  stockIn,
  stockInDetail,
  stockOut,
  stockOutDetail,
  stationPart,
  amountAdjustment,
  amountChangeLog,
  expenseClaim,
  expenseClaimLine,
  delayProduct,
  delayCancel,
  productReturn,
  productReturnDetail,
  stationApply,
  accountApply,
  contract,
  contractLine,
  serviceCase,
  excellentCase,
  fileDownload,
  techFile,
  workCalendarDay,
  serviceAccount,
  serviceAccountUnit,
  store,
  endCustomer,
  storeProduct,
  purchaseOrder,
  purchaseOrderDetail,
  coopCustomer,
  contact,
  lead,
  leadCollaborator,
  opportunity,
  opportunityProduct,
  opportunityCompetitor,
];

const byName = new Map(ENTITIES.map((e) => [e.logicalName, e]));
const bySet = new Map(ENTITIES.map((e) => [e.entitySet, e]));

export function getEntity(logicalName: string): EntityDef | undefined {
  return byName.get(logicalName);
}

export function getEntityBySet(entitySet: string): EntityDef | undefined {
  return bySet.get(entitySet);
}
