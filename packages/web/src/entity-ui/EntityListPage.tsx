import {
  DeleteOutlined,
  DownloadOutlined,
  EditOutlined,
  EyeOutlined,
  FilterOutlined,
  PlusOutlined,
  ReloadOutlined,
  SearchOutlined,
  UploadOutlined,
} from '@ant-design/icons';
import { getEntity, stateFields, viewsFor, type EntityDef } from '@portal/model';
import { Button, Drawer, Input, Pagination, Select, Space, Table, type TableColumnsType } from 'antd';
import type { SorterResult } from 'antd/es/table/interface';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { deleteRecord, exportRecords, retrieveMultiple, type RecordRow } from '../api/records.ts';
import { confirm, toast } from '../app/feedback.ts';
import { useLocale, useT } from '../locales/i18n.ts';
import { PageTitle } from '../pages/PageTitle.tsx';
import { usePrivilege } from '../session/use-privilege.ts';
import { formatUtc8 } from '../shared/date.ts';
import { usePhone } from '../shared/use-phone.ts';
import { CardList } from '../widgets/CardList.tsx';
import { OptionTag } from './document/OptionTag.tsx';
import { cardLayout, distinctTags } from './card-layout.ts';
import { saveBlob } from '../shared/download.ts';
import { ButtonGroup, HEADER_MAX, ROW_MAX, type ActionButton } from '../widgets/ButtonGroup.tsx';
import { ExcelImportDialog } from '../widgets/ExcelImportDialog.tsx';
import { actionsColumnWidth, defaultColumns } from './column-widths.ts';
import { screenOf, useColumnSettings } from './column-settings.ts';
import { ColumnSettings } from './ColumnSettings.tsx';
import { cellText } from './format.ts';
import { FilterPanel } from './FilterPanel.tsx';
import { headerMinWidth, searchBoxProps } from './text-fit.ts';
import { ResizableHeaderCell, type ResizableHeaderProps } from './ResizableHeaderCell.tsx';
import { lockedByState, undeletableByState } from './row-state.ts';
import { isFiltered, PAGE_SIZES, SEARCH_WIDTH, serializeGridState, useGridUrlState } from './grid-state.ts';
import { buildFilter, buildOrderBy, searchFields } from './odata.ts';
import { ViewTabs } from './ViewTabs.tsx';

export { SEARCH_WIDTH };

export interface EntityListPageProps {
  /** Logical name of the entity (model registry). */
  entity: string;
  /** Views offered in the selector (default: all of the entity's views). */
  views?: string[];
  /** Base of the screen's routes: `<base>/create`, `<base>/edit/<id>`. */
  routeBase: string;
  /** Overrides of the record screens' paths. */
  paths?: { create?: string; edit?: (id: string) => string; view?: (id: string, row: RecordRow) => string };
  title?: ReactNode;
  /** A fixed OData condition every query carries (e.g. a parent record). */
  extraFilter?: string;
  /** Overrides the model's write privilege check (false: read-only list). */
  canWrite?: boolean;
  /** Cells drawn differently from the model's formatting. */
  renderCell?: Record<string, (row: RecordRow) => ReactNode>;
  /** More buttons per row (shown after view/edit and delete, folded past 2). */
  rowActions?: (row: RecordRow) => ActionButton[];
  /** More header buttons (after new, import, export; folded past 3). */
  headerActions?: ActionButton[];
  /** Import and delete can be turned off for an entity that is written only by business commands. */
  allowImport?: boolean;
  /** "New" can be turned off where the app has no create screen (records made by commands). */
  allowCreate?: boolean;
  allowDelete?: boolean;
  /** The "more filters" inputs (default: the view's columns); a field filtered in the URL is always added. */
  filterFields?: string[];
  /** Open "more filters" from the start (a search screen). */
  filtersOpen?: boolean;
  /**
   * Whether the user may change this row (its state: a submitted document is not): otherwise the
   * row offers 查看 (view) instead of 编辑 (edit), and no delete. Fields it reads go in `rowFields`.
   */
  rowEditable?: (row: RecordRow) => boolean;
  /** Fields fetched for `rowEditable` beside the view's columns. */
  rowFields?: string[];
  /** Width of the pinned actions column (default: room for the row's buttons). */
  actionsWidth?: number;
  /** Key of the column settings (default: the screen's path, record ids left out). */
  settingsKey?: string;
  /** The views as tabs with their counts (a document list's states) instead of the view selector. */
  viewTabs?: boolean;
}

const SORTABLE = new Set(['text', 'int', 'decimal', 'money', 'date', 'datetime', 'optionset', 'bool']);

/**
 * The generic list of an entity (spec 000 §2 grid with views): view selector, quick search, more
 * filters, reset and query, sortable columns, paging (5–50, default 20), Excel export and import,
 * new / edit / delete by privilege. Its state (view, search, filters, page, size, sort) lives in
 * the URL query.
 */
export function EntityListPage(props: EntityListPageProps) {
  const entity = getEntity(props.entity);
  if (!entity) throw new Error(`unknown entity ${props.entity}`);
  return <EntityList {...props} e={entity} />;
}

function EntityList({
  e,
  views: viewNames,
  routeBase,
  paths,
  title,
  extraFilter,
  canWrite,
  renderCell,
  rowActions,
  headerActions,
  allowImport = true,
  allowCreate = true,
  allowDelete = true,
  filterFields,
  filtersOpen,
  rowEditable,
  rowFields,
  actionsWidth,
  settingsKey,
  viewTabs,
}: EntityListPageProps & { e: EntityDef }) {
  const t = useT();
  const lang = useLocale();
  const navigate = useNavigate();
  const can = usePrivilege();
  // Below 768 px the rows are cards, the filters a full-screen sheet, the pager simple (issue 15).
  const phone = usePhone();
  // The model decides which views the caller is offered (an engineer's "my orders" first).
  const views = useMemo(() => viewsFor(e, can, viewNames?.length ? viewNames : undefined), [viewNames, e, can]);
  const defaults = useMemo(() => ({ view: views[0] ?? '', views }), [views]);
  const { state, update, active } = useGridUrlState(defaults);
  const view = e.views[state.view];
  const columns = useMemo(() => view?.columns ?? [e.primaryName], [view, e]);

  const writable = canWrite ?? (!!e.access?.write && can(e.access.write));
  /**
   * The row may be changed by this user: the list is writable and the row's state allows it (the
   * model's edit rule: not submitted, approved, audited, closed …; the screen may say more).
   */
  const editableRow = (row: RecordRow) => writable && !lockedByState(e, row) && (rowEditable?.(row) ?? true);
  // Edit or view, delete, and whatever the screen adds (folded past ROW_MAX into "more").
  const rowButtons = Math.min(ROW_MAX + 1, 1 + (writable && allowDelete ? 1 : 0) + (rowActions ? 1 : 0));
  const actionsColumn = actionsWidth ?? actionsColumnWidth(rowButtons);
  const { pathname } = useLocation();
  // The screen the list was opened at (a kept screen later sees other screens' paths).
  const screenKey = useRef(settingsKey ?? screenOf(pathname)).current;
  const columnDefaults = useMemo(() => defaultColumns(e, columns, view, actionsColumn), [e, columns, view, actionsColumn]);
  const settings = useColumnSettings(screenKey, state.view, columnDefaults);
  const createPath = paths?.create ?? `${routeBase}/create`;
  const editPath = paths?.edit ?? ((id: string) => `${routeBase}/edit/${encodeURIComponent(id)}`);
  // A view path may need more of the row than its id (a statement opens at its dealer and month).
  const viewPath = paths?.view ?? ((id: string, _row?: RecordRow) => editPath(id));
  /** Where a row (and its name) leads: an explicit view screen, else edit for writers, view for readers. */
  const openPath = (row: RecordRow) => (paths?.view || !editableRow(row) ? viewPath(idOf(row), row) : editPath(idOf(row)));

  const [draftQ, setDraftQ] = useState(state.q);
  const [draftFilters, setDraftFilters] = useState(state.filters);
  const [moreOpen, setMoreOpen] = useState(!!filtersOpen || Object.keys(state.filters).length > 0);
  // On a phone the filters are a sheet over the list: open at first only on a search screen.
  const [sheetOpen, setSheetOpen] = useState(!!filtersOpen);
  const [data, setData] = useState<{ rows: RecordRow[]; count: number }>({ rows: [], count: 0 });
  const [loading, setLoading] = useState(false);
  // The paging bar waits for the first answer: drawn earlier, the rows would push it down (layout shift).
  const [answered, setAnswered] = useState(false);
  const [reload, setReload] = useState(0);
  const [importOpen, setImportOpen] = useState(false);
  const [exporting, setExporting] = useState(false);
  const seq = useRef(0);

  // Back/forward (or a link) changed the query: the inputs follow it.
  const filtersKey = JSON.stringify(state.filters);
  useEffect(() => setDraftQ(state.q), [state.q]);
  useEffect(() => setDraftFilters(JSON.parse(filtersKey) as Record<string, string>), [filtersKey]);

  const filter = useMemo(() => buildFilter(e, view, state.q, state.filters, extraFilter), [e, view, state.q, state.filters, extraFilter]);
  const orderby = buildOrderBy(view, state.sort);
  const rowFieldsKey = [...stateFields(e), ...(rowFields ?? [])].join(',');
  const select = useMemo(
    () => [...new Set([e.primaryKey, e.primaryName, ...columns, ...(rowFieldsKey ? rowFieldsKey.split(',') : [])])],
    [e, columns, rowFieldsKey],
  );
  const stateKey = serializeGridState(state, defaults);

  useEffect(() => {
    if (!active || !view) return;
    const n = ++seq.current;
    setLoading(true);
    retrieveMultiple(e.entitySet, { select, filter, orderby, top: state.size, skip: (state.page - 1) * state.size, count: true })
      .then((r) => n === seq.current && setData(r))
      .catch(() => n === seq.current && setData({ rows: [], count: 0 }))
      .finally(() => {
        if (n !== seq.current) return;
        setLoading(false);
        setAnswered(true);
      });
    // stateKey covers every part of the query.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [e, stateKey, filter, reload, active]);

  const idOf = (row: RecordRow) => String(row[e.primaryKey] ?? '');
  const nameOf = (row: RecordRow) => String(row[e.primaryName] ?? '');

  const query = () => update({ q: draftQ.trim(), filters: Object.fromEntries(Object.entries(draftFilters).filter(([, v]) => v !== '')) });
  const reset = () => {
    setDraftQ('');
    setDraftFilters({});
    update({ q: '', filters: {}, sort: null, page: 1 });
  };

  const remove = (row: RecordRow) =>
    confirm({
      title: t('widgets.action.delete'),
      content: t('widgets.list.deleteConfirm', { name: nameOf(row) || idOf(row) }),
      okText: t('common.ok'),
      cancelText: t('common.cancel'),
      onOk: async () => {
        await deleteRecord(e.entitySet, idOf(row));
        toast.success(t('widgets.list.deleted'));
        setReload((n) => n + 1);
      },
    });

  const exportXlsx = async () => {
    setExporting(true);
    try {
      const { blob, filename } = await exportRecords(e.entitySet, { select, filter, orderby }, state.view, columns);
      saveBlob(blob, filename || `${e.pluralLabel[lang]}-${formatUtc8(new Date(), 'YYYYMMDDHHmm')}.xlsx`);
      toast.success(t('widgets.list.exported'));
    } catch {
      /* toasted */
    } finally {
      setExporting(false);
    }
  };

  const header: ActionButton[] = [
    {
      key: 'new',
      label: t('widgets.action.new'),
      icon: <PlusOutlined />,
      type: 'primary',
      hidden: !writable || !allowCreate,
      onClick: () => navigate(createPath),
      testId: 'list-new',
    },
    {
      key: 'import',
      label: t('widgets.action.import'),
      icon: <UploadOutlined />,
      hidden: !writable || !allowImport,
      onClick: () => setImportOpen(true),
      testId: 'list-import',
    },
    {
      key: 'export',
      label: t('widgets.action.export'),
      icon: <DownloadOutlined />,
      loading: exporting,
      onClick: exportXlsx,
      testId: 'list-export',
    },
    ...(headerActions ?? []),
  ];

  const titles = Object.fromEntries(columns.map((c) => [c, e.allFields[c]?.label[lang] ?? c]));
  const shownColumns = settings.columns.filter((c) => !c.hidden);
  const tableColumns: TableColumnsType<RecordRow> = shownColumns.map(({ key: c, width: set }) => {
    const field = e.allFields[c];
    const sortable = SORTABLE.has(field?.type ?? '');
    // Never narrower than the header's longest word (English that fits: no "Appoint / ment").
    const width = Math.max(set, headerMinWidth(titles[c], sortable));
    return {
      key: c,
      dataIndex: c,
      title: titles[c],
      width,
      onHeaderCell: () =>
        ({
          resizeWidth: width,
          resizeLabel: t('listSettings.resizeHint'),
          onResized: (w: number) => settings.setColumns(settings.columns.map((x) => (x.key === c ? { ...x, width: w } : x))),
        }) as ResizableHeaderProps,
      sorter: sortable,
      sortOrder: state.sort?.field === c ? (state.sort.dir === 'asc' ? 'ascend' : 'descend') : null,
      ellipsis: field?.type === 'memo',
      render: (_: unknown, row: RecordRow) => {
        const custom = renderCell?.[c];
        if (custom) return custom(row);
        const text = cellText(row, c, field, lang);
        if (c === e.primaryName || (c === shownColumns[0].key && !shownColumns.some((x) => x.key === e.primaryName))) {
          return <Link to={openPath(row)}>{text || idOf(row)}</Link>;
        }
        return text;
      },
    };
  });
  const rowActionGroup = (row: RecordRow) => (
    <ButtonGroup
      variant="link"
      max={ROW_MAX}
      items={[
        editableRow(row)
          ? {
              key: 'edit',
              label: t('widgets.action.edit'),
              icon: <EditOutlined />,
              onClick: () => navigate(editPath(idOf(row))),
              testId: 'list-row-edit',
            }
          : {
              key: 'view',
              label: t('widgets.action.view'),
              icon: <EyeOutlined />,
              onClick: () => navigate(viewPath(idOf(row), row)),
              testId: 'list-row-view',
            },
        {
          key: 'delete',
          label: t('widgets.action.delete'),
          icon: <DeleteOutlined />,
          danger: true,
          hidden: !editableRow(row) || !allowDelete || undeletableByState(e, row),
          onClick: () => remove(row),
          testId: 'list-row-delete',
        },
        ...(rowActions?.(row) ?? []),
      ]}
    />
  );
  tableColumns.push({
    key: '__actions',
    title: t('widgets.list.actions'),
    width: actionsColumn,
    fixed: 'right',
    render: (_: unknown, row: RecordRow) => rowActionGroup(row),
  });
  // A phone's card: name, status tags and key fields derived from the model (card-layout.ts).
  const card = cardLayout(
    e,
    view,
    shownColumns.map((c) => c.key),
  );
  const cardValue = (row: RecordRow, c: string) => renderCell?.[c]?.(row) ?? cellText(row, c, e.allFields[c], lang);
  const cardTag = (row: RecordRow, c: string) => {
    const field = e.allFields[c];
    if (renderCell?.[c]) return renderCell[c](row);
    return field?.type === 'optionset' ? (
      <OptionTag set={field.optionSet} value={row[c]} testId="list-card-tag" />
    ) : (
      cellText(row, c, field, lang)
    );
  };
  const emptyText = (
    <div data-testid="list-empty" className="list-empty">
      {isFiltered(state) ? t('widgets.empty.search') : t('widgets.empty.none')}
    </div>
  );
  const filterPanel = (
    <FilterPanel
      entity={e}
      columns={[...new Set([...(filterFields ?? columns), ...Object.keys(state.filters).filter((f) => e.allFields[f])])]}
      values={draftFilters}
      onChange={setDraftFilters}
      lang={lang}
      t={t}
    />
  );
  const filterCount = Object.keys(state.filters).length;

  const onTableChange = (_p: unknown, _f: unknown, sorter: SorterResult<RecordRow> | SorterResult<RecordRow>[]) => {
    const s = Array.isArray(sorter) ? sorter[0] : sorter;
    const sort =
      s?.order && s.columnKey ? { field: String(s.columnKey), dir: s.order === 'ascend' ? ('asc' as const) : ('desc' as const) } : null;
    if (sort?.field !== state.sort?.field || sort?.dir !== state.sort?.dir) update({ sort, page: 1 });
  };

  const searchable = searchFields(e)
    .map((f) => e.allFields[f].label[lang])
    .join('/');
  const searchHint = t('widgets.list.searchPlaceholder', { fields: searchable });

  const viewSelect = viewTabs ? null : (
    <Select
      data-testid="list-view-select"
      aria-label={t('widgets.list.view')}
      value={state.view}
      onChange={(v: string) => update({ view: v })}
      options={views.map((v) => ({ value: v, label: e.views[v].label[lang] }))}
      style={phone ? { width: '100%' } : { minWidth: 160 }}
      disabled={views.length < 2}
    />
  );
  const searchProps = searchBoxProps(searchHint, SEARCH_WIDTH);
  const searchBox = (
    <Input
      data-testid="list-search"
      aria-label={t('widgets.list.searchPlaceholder', { fields: searchable })}
      {...searchProps}
      style={phone ? { flex: '1 1 auto', minWidth: 0 } : searchProps.style}
      value={draftQ}
      allowClear
      onChange={(ev) => setDraftQ(ev.target.value)}
      onPressEnter={query}
    />
  );
  const queryButton = (
    <Button type="primary" icon={<SearchOutlined />} onClick={query} data-testid="list-query">
      {t('widgets.action.query')}
    </Button>
  );
  const resetButton = (
    <Button icon={<ReloadOutlined />} onClick={reset} data-testid="list-reset">
      {t('widgets.action.reset')}
    </Button>
  );

  return (
    <div data-testid="entity-list" data-entity={e.logicalName} className={phone ? 'entity-list entity-list-phone' : 'entity-list'}>
      <PageTitle extra={<ButtonGroup items={header} max={HEADER_MAX} moreTestId="list-more-actions" />}>
        {title ?? e.pluralLabel[lang]}
      </PageTitle>
      {viewTabs && (
        <ViewTabs
          e={e}
          views={views}
          active={state.view}
          onChange={(v) => update({ view: v })}
          q={state.q}
          filters={state.filters}
          extraFilter={extraFilter}
          reload={reload}
        />
      )}
      {phone ? (
        <div className="list-toolbar list-toolbar-phone">
          {viewSelect}
          <div className="list-toolbar-phone-row">
            {searchBox}
            {queryButton}
          </div>
          <div className="list-toolbar-phone-row">
            {resetButton}
            <Button
              icon={<FilterOutlined />}
              onClick={() => setSheetOpen(true)}
              aria-expanded={sheetOpen}
              data-testid="list-more-filters"
              type={filterCount ? 'link' : 'text'}
            >
              {filterCount ? `${t('cardList.filters')} (${filterCount})` : t('cardList.filters')}
            </Button>
          </div>
        </div>
      ) : (
        <div className="list-toolbar list-toolbar-with-settings">
          <Space wrap size={8}>
            {viewSelect}
            {searchBox}
            {queryButton}
            {resetButton}
            <Button
              icon={<FilterOutlined />}
              onClick={() => setMoreOpen(!moreOpen)}
              aria-expanded={moreOpen}
              data-testid="list-more-filters"
              type={moreOpen ? 'link' : 'text'}
            >
              {moreOpen ? t('widgets.action.lessFilters') : t('widgets.action.moreFilters')}
            </Button>
          </Space>
          <div className="list-toolbar-end">
            <ColumnSettings
              columns={settings.columns}
              titles={titles}
              size={settings.size}
              onColumns={settings.setColumns}
              onSize={settings.setSize}
              onReset={settings.reset}
            />
          </div>
        </div>
      )}
      {phone ? (
        <Drawer
          open={sheetOpen}
          onClose={() => setSheetOpen(false)}
          placement="right"
          size="100%"
          title={t('cardList.filters')}
          rootClassName="list-filter-sheet"
          footer={
            <Space style={{ width: '100%', justifyContent: 'flex-end' }}>
              <Button icon={<ReloadOutlined />} onClick={() => (reset(), setSheetOpen(false))} data-testid="list-sheet-reset">
                {t('widgets.action.reset')}
              </Button>
              <Button
                type="primary"
                icon={<SearchOutlined />}
                onClick={() => (query(), setSheetOpen(false))}
                data-testid="list-sheet-query"
              >
                {t('widgets.action.query')}
              </Button>
            </Space>
          }
        >
          <div data-testid="list-filter-sheet">{filterPanel}</div>
        </Drawer>
      ) : (
        moreOpen && filterPanel
      )}
      {phone ? (
        <CardList<RecordRow>
          testId="list-cards"
          items={data.rows}
          rowKey={idOf}
          loading={loading}
          // Before the first answer, and while asking again, the list is loading, not empty.
          empty={answered && !loading ? emptyText : <div className="list-empty" />}
          onOpen={(row) => navigate(openPath(row))}
          card={(row) => ({
            title: <Link to={openPath(row)}>{nameOf(row) || idOf(row)}</Link>,
            name: nameOf(row) || idOf(row),
            tags: distinctTags(e, card.tags, row, lang).map((c) => (
              <span key={c} data-field={c}>
                {cardTag(row, c)}
              </span>
            )),
            fields: card.fields.map((c) => ({ key: c, label: titles[c] ?? e.allFields[c]?.label[lang] ?? c, value: cardValue(row, c) })),
            actions: rowActionGroup(row),
          })}
        />
      ) : (
        <Table<RecordRow>
          rowKey={idOf}
          size={settings.size}
          tableLayout="fixed"
          components={{ header: { cell: ResizableHeaderCell } }}
          columns={tableColumns}
          dataSource={data.rows}
          loading={loading}
          pagination={false}
          // The columns' widths: no horizontal scroll while they fit, and when the user widens them the
          // pinned actions column stays beside the last one instead of covering it.
          scroll={{ x: tableColumns.reduce((w, c) => w + Number(c.width ?? 0), 0) }}
          onChange={onTableChange}
          onRow={(row) =>
            ({
              'data-testid': 'list-row',
              'data-id': idOf(row),
              // A click anywhere on the row opens the record (buttons, links and checkboxes keep their own action).
              onClick: (ev: React.MouseEvent) => {
                if ((ev.target as HTMLElement).closest('a,button,input,label,.ant-dropdown-trigger,.ant-checkbox')) return;
                navigate(openPath(row));
              },
              style: { cursor: 'pointer' },
            }) as React.HTMLAttributes<HTMLElement>
          }
          // The spinner alone while loading: 没有找到 under it read as an answer (issue 24).
          locale={{ emptyText: answered && !loading ? emptyText : <div className="list-empty" /> }}
        />
      )}
      {answered && (
        <div className={phone ? 'list-pagination list-pagination-phone' : 'list-pagination'}>
          <Pagination
            data-testid="list-pagination"
            simple={phone}
            current={state.page}
            pageSize={state.size}
            total={data.count}
            showSizeChanger={!phone}
            pageSizeOptions={PAGE_SIZES}
            showTotal={phone ? undefined : (total) => t('widgets.list.total', { total })}
            onChange={(page, size) => update(size !== state.size ? { size } : { page })}
          />
        </div>
      )}
      {writable && allowImport && (
        <ExcelImportDialog
          open={importOpen}
          entitySet={e.entitySet}
          title={t('widgets.list.importTitle', { entity: e.label[lang] })}
          onClose={() => setImportOpen(false)}
          onImported={() => setReload((n) => n + 1)}
        />
      )}
    </div>
  );
}
