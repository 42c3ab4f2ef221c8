import { quoteState, quoteStatusReason, salesOrderStatus } from '@portal/model';
import { describe, expect, it } from 'vitest';
import { QuotePage } from '../pages/quote-pages.ts';
import { SalesDocument, TabbedList } from '../pages/sales-pages.ts';
import { pageApi, portalSuite, signedInPage } from '../support/suite.ts';

// Quotes (issue 29, flow 2): 广州粤华 prices a draft for its customer from its price list with
// discounts, activates it (frozen), revises it (revision 2 with the same number; the first 已修订),
// wins revision 2 and converts it: the order is in the order list at the quoted total. Every rule,
// refusal and scope is proven in the server's domain/quotes/quotes.test.ts.
const suite = portalSuite();

type QuoteRow = {
  name: string;
  revisionnumber: number;
  new_status: number;
  new_statusreason: number;
  totalamount: string;
  new_totallistamount: string;
};

describe('quotes', () => {
  it('a draft is priced, activated, revised (revision 2; the first 已修订), won and converted — the order is in the order list', async () => {
    const base = suite.portal.standardUrl;
    const page = await signedInPage(suite, 'dealer1', '/quote/create');
    const api = pageApi(page);
    const read = (id: string) =>
      api<QuoteRow>(
        `/api/crmdata/Retrieve/quotes(${id})?$select=name,revisionnumber,new_status,new_statusreason,totalamount,new_totallistamount`,
      );
    const quote = new QuotePage(page);
    const first = await quote.create({ subject: '三号注塑线液压系统改造', customer: '东莞市长安镇恒丰注塑厂' });
    await quote.addLine('柱塞变量泵', 2, { field: 'new_discountrate', value: '5' });
    await quote.addLine('电磁换向阀', 4, { field: 'manualdiscountamount', value: '100' });
    // Priced by the server: the table's total is the quote's, below its list total by the discounts.
    const draft = await read(first);
    expect(await quote.linesAmount(2)).toBeCloseTo(Number(draft.totalamount), 2);
    expect(Number(draft.totalamount)).toBeLessThan(Number(draft.new_totallistamount));
    const number = await quote.number();
    expect(number).toMatch(/^QT\d{6}-\d{4}$/);

    await quote.confirmed('activate');
    await quote.waitForState(quoteState.active);
    expect(await quote.editable()).toBe(false);

    // 修订 opens revision 2, a draft of the same number with the same lines.
    await quote.confirmed('revise');
    await page.waitForURL((u) => u.pathname.startsWith('/quote/view/') && !u.pathname.endsWith(first));
    await quote.waitForState(quoteState.draft);
    const second = new URL(page.url()).pathname.split('/').at(-1)!;
    expect(await quote.number()).toBe(number);
    expect(await quote.text('revisionnumber')).toBe('2');
    expect(await quote.linesAmount(2)).toBeCloseTo(Number(draft.totalamount), 2);
    expect(await read(first)).toMatchObject({ new_status: quoteState.closed, new_statusreason: quoteStatusReason.revised });

    await quote.confirmed('activate');
    await quote.waitForState(quoteState.active);
    await quote.confirmed('win');
    await quote.waitForState(quoteState.won);
    // A won quote may also become a contract (签订合同 → /salescontract/create?quoteid=, the contracts' e2e walks one).
    await page.getByTestId('quote-create-contract').waitFor();
    // 转销售订单 opens the order, to be submitted, at the quoted total.
    await quote.confirmed('convert');
    await page.waitForURL((u) => /^\/order\/[^/]+\/detail$/.test(u.pathname));
    const order = new SalesDocument(page, 'order');
    await order.waitForState(salesOrderStatus.draft);
    const orderNo = await order.number();
    const won = await read(second);
    expect(won).toMatchObject({ revisionnumber: 2, new_status: quoteState.won });
    const { value } = await api<{ value: { totalamount: string }[] }>(
      `/api/crmdata/Retrieve/salesorders?$select=totalamount&$filter=${encodeURIComponent(`name eq '${orderNo}'`)}`,
    );
    expect(Number(value[0].totalamount)).toBeCloseTo(Number(won.totalamount), 2);
    await page.goto(`${base}/order/list`);
    const list = new TabbedList(page);
    await list.choose('draft');
    await list.waitForRow(orderNo);

    // A link naming the quote in the query string opens it.
    await page.goto(`${base}/quote/view?id=${second}`);
    await page.waitForURL((u) => u.pathname === `/quote/view/${second}`);
    await quote.waitForState(quoteState.won);
  });
});
