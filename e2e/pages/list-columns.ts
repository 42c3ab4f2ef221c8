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
    return this.page
      .locator('[data-testid="entity-list"] .ant-table')
      .first()
      .evaluate((table) => {
        const scroller = (table.querySelector('.ant-table-content') ?? table.querySelector('.ant-table-body')) as HTMLElement;
        const ths = Array.from(table.querySelectorAll('.ant-table-thead th')) as HTMLElement[];
        const actions = ths.find(
          (th) => th.classList.contains('ant-table-cell-fix-end') || th.classList.contains('ant-table-cell-fix-right'),
        );
        const boxes = ths
          .filter((th) => th !== actions && (th.textContent ?? '').trim())
          .map((th) => {
            const r = th.getBoundingClientRect();
            return { text: (th.textContent ?? '').trim(), left: r.left, right: r.right };
          });
        return {
          scrollWidth: scroller.scrollWidth,
          clientWidth: scroller.clientWidth,
          headers: boxes,
          actionsLeft: actions?.getBoundingClientRect().left ?? Infinity,
          viewportWidth: window.innerWidth,
        };
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

  /** The header cell of a column, by its text. */
  header(text: string) {
    return this.page.locator('[data-testid="entity-list"] .ant-table-thead th', { hasText: text });
  }

  /** The width a column is laid out with (its `<col>`; a table with room to spare stretches them all). */
  async colWidth(text: string): Promise<number> {
    return this.header(text)
      .first()
      .evaluate((th) => {
        const col = th.closest('table')?.querySelectorAll('colgroup col')[(th as HTMLTableCellElement).cellIndex] as
          | HTMLElement
          | undefined;
        return Number.parseFloat(col?.style.width ?? '') || 0;
      });
  }

  /** Drags a header's right edge by `dx` pixels, waiting until its column is set that much wider. */
  async dragWidth(text: string, dx: number) {
    const before = await this.colWidth(text);
    const handle = this.header(text).getByTestId('list-resize-handle');
    const box = await handle.boundingBox();
    if (!box) throw new Error(`no resize handle on ${text}`);
    await this.page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await this.page.mouse.down();
    await this.page.mouse.move(box.x + box.width / 2 + dx / 2, box.y + box.height / 2, { steps: 3 });
    await this.page.mouse.move(box.x + box.width / 2 + dx, box.y + box.height / 2, { steps: 3 });
    await this.page.mouse.up();
    await this.page.waitForFunction(
      ([t, w]) =>
        Array.from(document.querySelectorAll('[data-testid="entity-list"] .ant-table-thead th')).some((th) => {
          const col = th.closest('table')?.querySelectorAll('colgroup col')[(th as HTMLTableCellElement).cellIndex] as
            | HTMLElement
            | undefined;
          return !!th.textContent?.includes(t as string) && Math.abs(Number.parseFloat(col?.style.width ?? '') - (w as number)) <= 1;
        }),
      [text, before + dx] as const,
    );
  }

  async headerTexts(): Promise<string[]> {
    return (await this.page.locator('[data-testid="entity-list"] .ant-table-thead th').allInnerTexts())
      .map((t) => t.trim())
      .filter(Boolean);
  }
}
