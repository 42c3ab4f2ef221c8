import { defineNamedOptionSet, label } from '../define.ts';

/**
 * Where a warranty extension request stands beyond its approval: pending until approved, then the
 * new end date is in force (extended) until an approved cancellation withdraws it (cancelled).
 */
export const delayStatus = defineNamedOptionSet('new_delaystatus', label('延保状态', 'Extension status'), {
  pending: { value: 1, label: label('未生效', 'Not in force') },
  extended: { value: 2, label: label('已延保', 'Extended') },
  cancelled: { value: 3, label: label('已取消', 'Cancelled') },
});
