import type { EntityDef, FieldDef, ViewDef } from '@portal/model';

/*
 * Default column widths derived from the model's field types (issue 12 item 4): a list's default
 * columns fit at 1440 px with the side menu open, so nothing needs a horizontal scroll and the
 * pinned actions column covers no data. Widths are in CSS pixels at the 14px body font; a cell
 * has 8px padding each side (antd "middle").
 */

/** The side menu (PortalLayout `Sider width`). */
export const SIDE_MENU_WIDTH = 236;
/** `.portal-content` padding, left + right. */
export const CONTENT_PADDING = 48;
/** A classic vertical scrollbar (a long page scrolls). */
export const SCROLLBAR_WIDTH = 15;
/** Room a list's columns have at a 1440 px wide window: 1440 − 236 − 48 − 15 = 1141. */
export const LIST_WIDTH_AT_1440 = 1440 - SIDE_MENU_WIDTH - CONTENT_PADDING - SCROLLBAR_WIDTH;

export const MIN_COLUMN_WIDTH = 48;
export const MAX_COLUMN_WIDTH = 800;

const CELL_PADDING = 16;
/** Rough text widths: a CJK character is a full em, other characters about half of one. */
const textWidth = (s: string, em: number) => [...s].reduce((w, ch) => w + (/[\u2e80-\uffff]/.test(ch) ? em : em * 0.55), 0);

/** The width a column of this field starts with. */
export function defaultColumnWidth(e: EntityDef, name: string, f: FieldDef | undefined): number {
  if (!f) return 120;
  switch (f.type) {
    case 'text': {
      if (f.pattern === 'phone' || f.pattern === 'mobile') return 120;
      if (f.pattern === 'email' || f.pattern === 'url') return 180;
      // Names and codes: a primary name holds a document number (WO20261125-0001) or a name.
      if (name === e.primaryName) return 140;
      if (f.maxLength <= 20) return 96;
      if (f.maxLength <= 60) return 110;
      if (f.maxLength <= 100) return 110;
      return 200;
    }
    case 'memo':
      return 200;
    case 'int':
      return 80;
    case 'decimal':
      return 100;
    case 'money':
      return 110;
    case 'bool':
      return 72;
    case 'date':
      return 100;
    case 'datetime':
      return 130;
    case 'image':
      return 72;
    // A related record's name (a station's name wraps onto a second line rather than widen the list).
    case 'lookup':
      return 110;
    case 'optionset': {
      // The longest option in either language (a status tag's smaller text offsets its padding);
      // longer ones wrap.
      const longest = Math.max(...f.optionSet.options.flatMap((o) => Object.values(o.label).map((l) => textWidth(l, 12))), 0);
      return Math.round(Math.min(110, Math.max(80, longest + 8 + CELL_PADDING)));
    }
  }
}

/** The pinned actions column: room for the row's buttons (a small link button is about 72 px). */
export function actionsColumnWidth(buttons: number): number {
  return CELL_PADDING + Math.max(1, buttons) * 72 + (Math.max(1, buttons) - 1) * 4;
}

export interface ColumnDefault {
  key: string;
  width: number;
  hidden: boolean;
}

/**
 * The default columns of a view: its columns in order, each with its default width; the view's
 * `hidden` columns are offered in the column settings but not shown at first, and what still
 * does not fit at 1440 px is left out by `fitColumns`.
 */
export function defaultColumns(e: EntityDef, columns: string[], view: ViewDef | undefined, actions: number): ColumnDefault[] {
  const hidden = new Set(view?.hidden ?? []);
  return fitColumns(
    columns.map((key) => ({ key, width: defaultColumnWidth(e, key, e.allFields[key]), hidden: hidden.has(key) })),
    actions,
  );
}

/** Width of the shown columns plus the actions column. */
export const shownWidth = (cols: ColumnDefault[], actions: number) => cols.reduce((w, c) => w + (c.hidden ? 0 : c.width), 0) + actions;

/** Wide text columns give way first when a view does not fit. */
const NARROWED = 140;

/**
 * Makes a view's default columns fit `budget`: wide text columns are narrowed, then the last shown
 * columns (never the first) are hidden; they stay in the column settings to be shown again.
 */
export function fitColumns(cols: ColumnDefault[], actions: number, budget = LIST_WIDTH_AT_1440): ColumnDefault[] {
  const out = cols.map((c) => ({ ...c }));
  for (const c of out) if (shownWidth(out, actions) > budget && !c.hidden && c.width > NARROWED) c.width = NARROWED;
  for (let i = out.length - 1; i > 0 && shownWidth(out, actions) > budget; i--) out[i].hidden = true;
  return out;
}
