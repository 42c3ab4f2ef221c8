import { defineNamedOptionSet, label } from '../define-fields.ts';

/** How many options of a configurator group a configuration takes (选择方式). */
export const cpqChoiceType = defineNamedOptionSet('new_cpq_choicetype', label('选择方式', 'Choice'), {
  single: { value: 1, label: label('单选', 'Single choice') },
  multiple: { value: 2, label: label('多选', 'Multiple choice') },
});

/**
 * A rule between two options of one configurable product (规则类型). `requires`: choosing the
 * option brings the other along (and keeps it); `excludes`: the two never go together (both ways);
 * `onlyWith`: the option is offered only once the other is chosen.
 */
export const cpqRuleKind = defineNamedOptionSet('new_cpq_rulekind', label('规则类型', 'Rule kind'), {
  requires: { value: 1, label: label('需要', 'Requires') },
  excludes: { value: 2, label: label('排斥', 'Excludes') },
  onlyWith: { value: 3, label: label('仅可搭配', 'Only with') },
});
