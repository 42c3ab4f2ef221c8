import type { Page } from 'playwright-core';

export interface HeaderBox {
  text: string;
  left: number;
  right: number;
}

export interface ListLayout {
  /** The table's scroll container: wider content than box means a horizontal scroll. */
  scrollWidth: number;
  clientWidth: number;
  /** Data column headers, left to right, in viewport coordinates. */
  headers: HeaderBox[];
  /** Left edge of the pinned actions column's header. */
  actionsLeft: number;
  viewportWidth: number;
}

/** The generic list's columns and their settings popover. */
export class ListColumns {
  constructor(readonly page: Page) {}

  async layout(): Promise<ListLayout> {
    return this.page.locator('[data-testid="entity-list"] .ant-table').first().evaluate((table) => {
      const scroller = (table.querySelector('.ant-table-content') ?? table.querySelector('.ant-table-body')) as HTMLElement;
      const ths = Array.from(table.querySelectorAll('.ant-table-thead th')) as HTMLElement[];
      const actions = ths.find((th) => th.classList.contains('ant-table-cell-fix-end') || th.classList.contains('ant-table-cell-fix-right'));
      const boxes = ths.filter((th) => th !== actions && (th.textContent ?? '').trim()).map((th) => {
        const r = th.getBoundingClientRect();
        return { text: (th.textContent ?? '').trim(), left: r.left, right: r.right };
      });
      return { scrollWidth: scroller.scrollWidth, clientWidth: scroller.clientWidth, headers: boxes, actionsLeft: actions?.getBoundingClientRect().left ?? Infinity, viewportWidth: window.innerWidth };
    });
  }

  async open() {
    await this.page.getByTestId('list-settings').click();
    await this.page.getByTestId('list-settings-panel').waitFor();
  }

  /** Ticks or unticks a column's "show" box in the open popover. */
  async toggle(field: string) {
    await this.page.getByTestId(`list-settings-col-${field}`).locator('.ant-checkbox-input').click();
  }

  async headerTexts(): Promise<string[]> {
    return (await this.page.locator('[data-testid="entity-list"] .ant-table-thead th').allInnerTexts()).map((t) => t.trim()).filter(Boolean);
  }
}
