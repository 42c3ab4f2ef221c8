import { defineNamedOptionSet, label } from '../define-fields.ts';

/*
 * Leads and opportunities (线索与商机, issue 29), after Dynamics 365 Sales: a lead is open until it
 * is qualified (an opportunity, and as chosen a customer and a contact, are made from it) or
 * disqualified with a reason; an opportunity moves through its sales stages while open and is
 * closed as won or lost. The values are this portal's own numbering (stored, stable).
 */

export const leadState = defineNamedOptionSet('new_lead_state', label('线索状态', 'Lead status'), {
  open: { value: 1, label: label('开放', 'Open'), color: 'blue' },
  qualified: { value: 2, label: label('已认定', 'Qualified'), color: 'green' },
  disqualified: { value: 3, label: label('已取消资格', 'Disqualified'), color: 'default' },
});

/** Where a lead came from (D365's lead source, in this manufacturer's channels). */
export const leadSource = defineNamedOptionSet('new_lead_source', label('线索来源', 'Lead source'), {
  exhibition: { value: 1, label: label('展会', 'Trade show') },
  website: { value: 2, label: label('官网', 'Website') },
  phone: { value: 3, label: label('电话咨询', 'Phone enquiry') },
  referral: { value: 4, label: label('老客户介绍', 'Customer referral') },
  dealer: { value: 5, label: label('经销商推荐', 'Dealer referral') },
  advert: { value: 6, label: label('广告', 'Advertisement') },
  other: { value: 7, label: label('其他', 'Other') },
});

/** Why a lead was disqualified (D365's disqualified status reasons). */
export const leadDisqualifyReason = defineNamedOptionSet('new_lead_disqualifyreason', label('取消资格原因', 'Disqualify reason'), {
  lost: { value: 1, label: label('已丢失', 'Lost') },
  cannotContact: { value: 2, label: label('无法联系', 'Cannot contact') },
  noInterest: { value: 3, label: label('不再感兴趣', 'No longer interested') },
  duplicate: { value: 4, label: label('重复线索', 'Duplicate') },
  cancelled: { value: 5, label: label('已取消', 'Cancelled') },
});

export const opportunityState = defineNamedOptionSet('new_opportunity_state', label('商机状态', 'Opportunity status'), {
  open: { value: 1, label: label('进行中', 'Open'), color: 'blue' },
  won: { value: 2, label: label('赢单', 'Won'), color: 'green' },
  lost: { value: 3, label: label('输单', 'Lost'), color: 'red' },
});

/** The sales stages an open opportunity moves through (D365's Qualify → Develop → Propose → Close, with negotiation). */
export const opportunityStage = defineNamedOptionSet('new_opportunity_stage', label('销售阶段', 'Sales stage'), {
  qualify: { value: 1, label: label('资格审查', 'Qualify') },
  develop: { value: 2, label: label('需求分析', 'Develop') },
  propose: { value: 3, label: label('方案报价', 'Propose') },
  negotiate: { value: 4, label: label('商务谈判', 'Negotiate') },
});

/** How much a competitor threatens the deal. */
export const competitorThreat = defineNamedOptionSet('new_competitor_threat', label('威胁程度', 'Threat'), {
  high: { value: 1, label: label('高', 'High'), color: 'red' },
  medium: { value: 2, label: label('中', 'Medium'), color: 'orange' },
  low: { value: 3, label: label('低', 'Low'), color: 'default' },
});
