import { defineNamedOptionSet, label } from '../define-fields.ts';

/*
 * Marketing funds (市场费用, issue 28): what a dealer applies for (a cost application's kind, an
 * activity's kind), and what the branch inspector found on site (稽核结果). Values are this
 * portal's own numbering (stable: stored).
 */

/** A cost application's kind (费用类型). */
export const costApplyType = defineNamedOptionSet('new_costapply_type', label('费用类型', 'Cost type'), {
  advertising: { value: 1, label: label('广告', 'Advertising') },
  decoration: { value: 2, label: label('装修', 'Shop fitting') },
  exhibition: { value: 3, label: label('展会', 'Exhibition') },
  training: { value: 4, label: label('培训', 'Training') },
});

/** An activity's kind (活动类型). */
export const activityType = defineNamedOptionSet('new_activity_type', label('活动类型', 'Activity type'), {
  opening: { value: 1, label: label('开业促销', 'Opening promotion') },
  holiday: { value: 2, label: label('节日促销', 'Holiday promotion') },
  roadshow: { value: 3, label: label('路演巡展', 'Roadshow') },
  exhibition: { value: 4, label: label('展会', 'Exhibition') },
  experience: { value: 5, label: label('体验品鉴', 'Product experience') },
});

/**
 * The on-site check's result (稽核结果): 合格; 整改 (held, with faults to put right: still written
 * off); 不合格 (not held as approved: its funds are not written off).
 */
export const activityCheckResult = defineNamedOptionSet('new_activity_checkresult', label('稽核结果', 'Check result'), {
  passed: { value: 1, label: label('合格', 'Passed'), color: 'green' },
  rectify: { value: 2, label: label('基本合格（需整改）', 'Passed with faults to correct'), color: 'gold' },
  failed: { value: 3, label: label('不合格', 'Failed'), color: 'red' },
});
