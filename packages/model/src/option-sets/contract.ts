import { defineNamedOptionSet, label } from '../define.ts';

/**
 * Where a maintenance contract (维保合同) stands: draft while its lines are entered, active once
 * activated, terminated early by a command. Expired is derived from the end date (an active
 * contract whose end date has passed reads as expired; see docs/decisions.md).
 */
export const contractStatus = defineNamedOptionSet('new_contractstatus', label('合同状态', 'Contract status'), {
  draft: { value: 1, label: label('草稿', 'Draft'), color: 'default' },
  active: { value: 2, label: label('生效中', 'Active'), color: 'green' },
  expired: { value: 3, label: label('已到期', 'Expired'), color: 'orange' },
  terminated: { value: 4, label: label('已终止', 'Terminated'), color: 'red' },
});

/** The contract's service level (not in the specification: see docs/decisions.md). */
export const contractLevel = defineNamedOptionSet('new_contractlevel', label('服务级别', 'Service level'), {
  basic: { value: 1, label: label('基础保养', 'Basic maintenance') },
  standard: { value: 2, label: label('标准维保', 'Standard service') },
  comprehensive: { value: 3, label: label('全面保障', 'Comprehensive cover') },
});
