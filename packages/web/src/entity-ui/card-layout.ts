import type { EntityDef, FieldDef, Lang, ViewDef } from '@portal/model';

/** "label: value" lines a derived card shows. */
export const CARD_FIELDS = 3;
/** Status tags a derived card shows at most. */
export const CARD_TAGS = 3;

/**
 * A status-like field: an option set whose options carry colours (the portal draws those as tags),
 * or one named as a status or state (new_approvalstatus, new_state).
 */
export function statusLike(name: string, field: FieldDef | undefined): boolean {
  if (field?.type !== 'optionset') return false;
  return field.optionSet.options.some((o) => !!o.color) || /(status|state)$/i.test(name);
}

/**
 * What a phone card of an entity's list shows (issue 15), derived from the model: the primary name
 * is the title; the shown columns' status-like option sets are tags; the next three shown columns
 * (neither the name nor a tag) are "label: value" lines. The view's `card` names its own tags or
 * fields instead where the derived ones do not fit.
 */
export function cardLayout(e: EntityDef, view: ViewDef | undefined, shown: string[]): { tags: string[]; fields: string[] } {
  const usable = (c: string) => c !== e.primaryName && c !== e.primaryKey && !!e.allFields[c] && e.allFields[c].type !== 'image';
  const tags = view?.card?.tags ?? shown.filter((c) => usable(c) && statusLike(c, e.allFields[c])).slice(0, CARD_TAGS);
  const fields = view?.card?.fields ?? shown.filter((c) => usable(c) && !tags.includes(c)).slice(0, CARD_FIELDS);
  return { tags, fields };
}

/**
 * The tags a row's card shows: a tag saying the same words as one before it is left out (a work
 * order's handling status and order status are both 已派工 after dispatch).
 */
export function distinctTags(e: EntityDef, tags: string[], row: Record<string, unknown>, lang: Lang): string[] {
  const seen = new Set<string>();
  return tags.filter((c) => {
    const f = e.allFields[c];
    const words = f?.type === 'optionset' ? f.optionSet.options.find((o) => o.value === Number(row[c]))?.label[lang] : undefined;
    if (!words) return true;
    if (seen.has(words)) return false;
    seen.add(words);
    return true;
  });
}
