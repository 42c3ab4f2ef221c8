import { getEntity } from '@portal/model';
import { Pagination, Table, type TableColumnsType } from 'antd';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { retrieveMultiple, type RecordRow } from '../../api/records.ts';
import { screenPath } from '../../app/screen-path.ts';
import { cellText } from '../../entity-ui/format.ts';
import { literal } from '../../entity-ui/odata.ts';
import { useLocale, useT } from '../../locales/i18n.ts';
import { SignedQty } from './SignedQty.tsx';

const TX = getEntity('new_srv_stocktransaction')!;
const COLUMNS = [
  'createdon',
  'new_name',
  'new_usage',
  'new_doctype',
  'new_quantity',
  'new_balance',
  'new_frozen',
  'new_frozenbalance',
  'new_intransit',
  'new_transitbalance',
  'createdby',
];
const SIGNED = new Set(['new_quantity', 'new_frozen', 'new_intransit']);
const PAGE_SIZES = [10, 20, 50];

/** The moves of one part in one warehouse, newest first, paged by the server; each opens its line screen. */
export function StockMoves({ warehouseId, productId }: { warehouseId: string; productId: string }) {
  const t = useT();
  const lang = useLocale();
  const [page, setPage] = useState({ current: 1, size: 10 });
  const [data, setData] = useState<{ rows: RecordRow[]; count: number }>({ rows: [], count: 0 });
  const [loading, setLoading] = useState(true);

  useEffect(() => {
    let live = true;
    setLoading(true);
    const filter = `new_warehouse_id eq ${literal(TX.allFields.new_warehouse_id, warehouseId)} and new_product_id eq ${literal(TX.allFields.new_product_id, productId)}`;
    retrieveMultiple(TX.entitySet, {
      select: [TX.primaryKey, ...COLUMNS],
      filter,
      orderby: 'createdon desc,new_seq desc',
      top: page.size,
      skip: (page.current - 1) * page.size,
      count: true,
    })
      .then((r) => live && setData(r))
      .catch(() => live && setData({ rows: [], count: 0 }))
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [warehouseId, productId, page]);

  const idOf = (r: RecordRow) => String(r[TX.primaryKey] ?? '');
  const columns: TableColumnsType<RecordRow> = COLUMNS.map((c) => ({
    key: c,
    dataIndex: c,
    title: TX.allFields[c]?.label[lang] ?? c,
    render: (_: unknown, r: RecordRow) => {
      if (SIGNED.has(c)) return <SignedQty value={r[c]} />;
      const text = cellText(r, c, TX.allFields[c], lang);
      // The primary name opens the move, as in the generic lists.
      if (c !== TX.primaryName) return text;
      const to = screenPath(TX.logicalName, 'view', idOf(r));
      return to ? (
        <Link to={to} data-testid="si-move-open">
          {text || idOf(r)}
        </Link>
      ) : (
        text
      );
    },
  }));

  return (
    <div data-testid="si-moves" data-count={data.count} data-loading={loading ? 'true' : undefined}>
      <Table<RecordRow>
        rowKey={idOf}
        size="small"
        columns={columns}
        dataSource={data.rows}
        loading={loading}
        pagination={false}
        scroll={{ x: 'max-content' }}
        onRow={(r) => ({ 'data-testid': 'si-move', 'data-id': idOf(r) }) as React.HTMLAttributes<HTMLElement>}
        locale={{ emptyText: <span data-testid="si-moves-empty">{t('stock.ui.movesEmpty')}</span> }}
      />
      {data.count > page.size && (
        <div className="list-pagination">
          <Pagination
            data-testid="si-moves-pagination"
            current={page.current}
            pageSize={page.size}
            total={data.count}
            showSizeChanger
            pageSizeOptions={PAGE_SIZES}
            showTotal={(total) => t('widgets.list.total', { total })}
            onChange={(current, size) => setPage(size !== page.size ? { current: 1, size } : { current, size })}
          />
        </div>
      )}
    </div>
  );
}
