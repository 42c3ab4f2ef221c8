import { defineNamedOptionSet, label } from '../define.ts';

/** What a customer service case (客诉/咨询, /case) is about. */
export const caseType = defineNamedOptionSet('new_casetype', label('案件类型', 'Case type'), {
  complaint: { value: 1, label: label('投诉', 'Complaint'), color: 'red' },
  enquiry: { value: 2, label: label('咨询', 'Enquiry'), color: 'blue' },
  suggestion: { value: 3, label: label('建议', 'Suggestion'), color: 'default' },
});

export const casePriority = defineNamedOptionSet('new_casepriority', label('优先级', 'Priority'), {
  low: { value: 1, label: label('低', 'Low'), color: 'default' },
  normal: { value: 2, label: label('中', 'Normal'), color: 'blue' },
  high: { value: 3, label: label('高', 'High'), color: 'orange' },
  urgent: { value: 4, label: label('紧急', 'Urgent'), color: 'red' },
});

/**
 * Where a case stands: open when registered, in progress once the station has responded, resolved
 * with a resolution note, closed (with the customer's satisfaction) after it was resolved. Moved
 * only by the case commands (server domain/cases/service-case.controller.ts).
 */
export const caseState = defineNamedOptionSet('new_casestate', label('处理状态', 'Case state'), {
  open: { value: 1, label: label('待处理', 'Open'), color: 'orange' },
  inProgress: { value: 2, label: label('处理中', 'In progress'), color: 'blue' },
  resolved: { value: 3, label: label('已解决', 'Resolved'), color: 'green' },
  closed: { value: 4, label: label('已关闭', 'Closed'), color: 'default' },
});

/** The customer's satisfaction, recorded when the case is closed. */
export const caseSatisfaction = defineNamedOptionSet('new_satisfaction', label('客户满意度', 'Satisfaction'), {
  veryUnsatisfied: { value: 1, label: label('非常不满意', 'Very unsatisfied') },
  unsatisfied: { value: 2, label: label('不满意', 'Unsatisfied') },
  neutral: { value: 3, label: label('一般', 'Neutral') },
  satisfied: { value: 4, label: label('满意', 'Satisfied') },
  verySatisfied: { value: 5, label: label('非常满意', 'Very satisfied') },
});

/**
 * Whether an excellent repair case (优秀案例) is published: unpublished while draft or under
 * review; the final approval publishes it to every station (the entity's `published` scope).
 */
export const excellentCasePublish = defineNamedOptionSet('new_publishstatus', label('发布状态', 'Publication'), {
  unpublished: { value: 1, label: label('未发布', 'Not published'), color: 'default' },
  published: { value: 2, label: label('已发布', 'Published'), color: 'green' },
});
