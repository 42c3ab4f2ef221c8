import { installLimits } from './stock/limits.ts';
import { installWorkOrder } from './work-order/install.ts';
import { installDocuments } from '../documents/install.ts';
import { installContract } from './contract/contract.ts';
import { installStationQuota } from './quota/station-quota.ts';
import { installFlowDefinition } from '../flow/flow-definition.ts';
import { installContent } from './content/content.ts';
import { installNotice } from './notice/notices.ts';
import { installActiveStationChecks } from './station-active.ts';
import { installUserCentre } from './user-centre/records.ts';
import { installPriceList } from './sales/price-list.ts';
import { installAccountStatement } from './account-statement/state.ts';
import { installSalesTargets } from './sales-targets/records.ts';
import { installCreditLimitLog } from './credit/limit-log.ts';
import { installConfigurator } from './configurator/records.ts';
import { installPaymentPlans } from './sales-contracts/plan-state.ts';
import { installContacts } from './leads/contacts.ts';

/**
 * Registers every domain module's server defaults, write hooks and approval hooks with the record
 * service and the flow engine. Run at start, before the demo data is made through the same rules;
 * registering twice changes nothing.
 */
export function installDomain(): void {
  installWorkOrder();
  installLimits();
  installDocuments();
  installContract();
  installStationQuota();
  installFlowDefinition();
  installContent();
  installNotice();
  installActiveStationChecks();
  installUserCentre();
  installPriceList();
  installAccountStatement();
  installSalesTargets();
  installCreditLimitLog();
  installConfigurator();
  installPaymentPlans();
  installContacts();
}
