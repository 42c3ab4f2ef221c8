import { accountApplyController } from '../domain/account-apply/account-apply.controller.ts';
import { excellentCaseController } from '../domain/cases/excellent-case.controller.ts';
import { serviceCaseController } from '../domain/cases/service-case.controller.ts';
import { claimFineController } from '../domain/claim-fine/claim-fine.controller.ts';
import { delayCancelController, delayController } from '../domain/delay/delay.controller.ts';
import { expenseController } from '../domain/expense/expense.controller.ts';
import { deliveryController } from '../domain/parts/delivery.controller.ts';
import { contractController } from '../domain/contract/contract.controller.ts';
import { applicationController } from '../domain/parts/application.controller.ts';
import { transferController } from '../domain/parts/transfer.controller.ts';
import { adjustmentController } from '../domain/quota/adjustment.controller.ts';
import { partsReturnController } from '../domain/parts-return/parts-return.controller.ts';
import { salesController } from '../domain/parts-sales/sales.controller.ts';
import { productReturnController } from '../domain/product-return/product-return.controller.ts';
import { siteReturnController } from '../domain/site-return/site-return.controller.ts';
import { stationApplyController } from '../domain/station-apply/station-apply.controller.ts';
import { stockInController, stockOutController } from '../domain/stock-in-out/stock-in-out.controller.ts';
import { orderController } from '../domain/sales/order.controller.ts';
import { reissueController } from '../domain/sales/reissue.controller.ts';
import { shipmentController } from '../domain/sales/shipment.controller.ts';
import { invoiceController } from '../domain/sales-finance/invoice.controller.ts';
import { receiptController } from '../domain/sales-finance/receipt.controller.ts';
import { taxInvoiceController } from '../domain/sales-finance/tax-invoice.controller.ts';
import { purchaseOrderController } from '../domain/purchase-orders/purchase-order.controller.ts';
import { statementController } from '../domain/account-statement/statement.controller.ts';
import { specialPriceController } from '../domain/sales/special-price.controller.ts';
import { policyController } from '../domain/rebates/policy.controller.ts';
import { tempCreditController } from '../domain/credit/temp-credit.controller.ts';
import { activityApplyController } from '../domain/marketing-funds/activity-apply.controller.ts';
import { activityUseController } from '../domain/marketing-funds/activity-use.controller.ts';
import { costApplyController } from '../domain/marketing-funds/cost-apply.controller.ts';
import { forecastController } from '../domain/sales-forecast/forecast.controller.ts';
import { salesContractController } from '../domain/sales-contracts/contract.controller.ts';
import { quoteController } from '../domain/quotes/quote.controller.ts';
import { leadController } from '../domain/leads/lead.controller.ts';
import { opportunityController } from '../domain/opportunities/opportunity.controller.ts';
import type { DocumentController } from './controller.ts';

/** Every document controller: the one place a document's business is registered (its routes and hooks follow). */
const CONTROLLERS: DocumentController[] = [
  adjustmentController,
  siteReturnController,
  partsReturnController,
  applicationController,
  transferController,
  serviceCaseController,
  excellentCaseController,
  stationApplyController,
  delayController,
  delayCancelController,
  claimFineController,
  accountApplyController,
  productReturnController,
  deliveryController,
  salesController,
  contractController,
  expenseController,
  stockInController,
  stockOutController,
  orderController,
  shipmentController,
  reissueController,
  invoiceController,
  taxInvoiceController,
  receiptController,
  purchaseOrderController,
  statementController,
  forecastController,
  specialPriceController,
  policyController,
  tempCreditController,
  costApplyController,
  activityApplyController,
  activityUseController,
  salesContractController,
  leadController,
  opportunityController,
  quoteController,
];

/** The registered controllers (a test adds a fixture document with `registerController` before the portal starts). */
export const documentControllers = (): readonly DocumentController[] => CONTROLLERS;

/** Adds a controller; the returned function takes it out again (a test's fixture, for the files after it in the same worker). */
export function registerController(c: DocumentController): () => void {
  if (!CONTROLLERS.some((x) => x.entity.logicalName === c.entity.logicalName && x.entity.entitySet === c.entity.entitySet))
    CONTROLLERS.push(c);
  return () => {
    const i = CONTROLLERS.indexOf(c);
    if (i >= 0) CONTROLLERS.splice(i, 1);
  };
}
