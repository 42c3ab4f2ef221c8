import { DeleteOutlined, PlusOutlined, SaveOutlined } from '@ant-design/icons';
import { getEntity, type StationInventoryRow } from '@portal/model';
import { Button, Input, Space, Tag, Typography, type TableColumnsType } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { saveLimits, stationInventory } from '../../api/stock.ts';
import { toast } from '../../app/feedback.ts';
import { confirmDiscard } from '../../app/unsaved-changes.ts';
import { SEARCH_WIDTH } from '../../entity-ui/grid-state.ts';
import { useUnsavedChanges } from '../../entity-ui/use-unsaved-changes.ts';
import { searchBoxProps } from '../../entity-ui/text-fit.ts';
import { useLocale, useT } from '../../locales/i18n.ts';
import { useSession } from '../../session/store.ts';
import { usePrivilege } from '../../session/use-privilege.ts';
import type { LookupRecord } from '../../widgets/lookup/lookup-def.ts';
import { LookupDialog } from '../../widgets/lookup/LookupDialog.tsx';
import { LookupInput } from '../../widgets/lookup/LookupInput.tsx';
import { STATION_USER } from '../basicdata/StationProfilePage.tsx';
import { PageTitle } from '../PageTitle.tsx';
import { ResponsiveTable } from '../../widgets/ResponsiveTable.tsx';
import { NumberInput } from '../../widgets/NumberInput.tsx';
import { batchBody, changedRows, levelOf, limitErrors, savedLimits, type Level, type LimitValues } from './limit-edits.ts';

const LIMIT = getEntity('new_srv_stationpart')!;
const STOCK = getEntity('new_srv_siteinv')!;
const LINE = getEntity('new_srv_stockcheckdetail')!;
const LEVEL_COLOR: Record<Level, string> = { below: 'red', above: 'orange', ok: 'green', none: 'default' };
const PRODUCT_LOOKUP = { entityName: 'product' };

/** A part chosen in the lookup, as a row without stock or limits. */
function addedRow(r: LookupRecord): StationInventoryRow {
  const row = r.row ?? {};
  return {
    productId: r.id,
    code: String(row.productnumber ?? ''),
    name: r.name || String(row.name ?? ''),
    uom: String(row.new_uom ?? ''),
    quantity: 0,
    frozen: 0,
    available: 0,
    intransit: 0,
    limitId: null,
    minQty: null,
    maxQty: null,
    level: 'none',
  };
}

/**
 * /stationPart/batchlist (服务站库存): a station's parts, stock beside its inventory limits, with
 * the level each is at. A station user sees their own station; others choose one. stock.limit
 * holders edit minimum and maximum in place (checked as they type), add parts, and save the
 * changed and added rows in one batch; everyone else reads.
 */
export default function StationInventoryPage() {
  const t = useT();
  const lang = useLocale();
  const can = usePrivilege();
  const user = useSession((s) => s.user);
  const own = useMemo<LookupRecord | null>(
    () => (user.userType === STATION_USER && user.departId ? { id: user.departId, name: user.departName } : null),
    [user.userType, user.departId, user.departName],
  );
  const editable = can('stock.limit');
  const [station, setStation] = useState<LookupRecord | null>(own);
  const [rows, setRows] = useState<StationInventoryRow[]>([]);
  const [added, setAdded] = useState<StationInventoryRow[]>([]);
  const [edits, setEdits] = useState<Record<string, LimitValues>>({});
  const [search, setSearch] = useState('');
  const [loading, setLoading] = useState(false);
  const [saving, setSaving] = useState(false);
  const [picking, setPicking] = useState(false);
  const [version, setVersion] = useState(0);
  const stationId = station?.id ?? '';

  useEffect(() => setStation(own), [own]);

  useEffect(() => {
    setEdits({});
    setAdded([]);
    if (!stationId) {
      setRows([]);
      return;
    }
    let live = true;
    setLoading(true);
    stationInventory(stationId)
      .then((r) => live && setRows(r))
      .catch(() => live && setRows([]))
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [stationId, version]);

  const addedIds = useMemo(() => new Set(added.map((r) => r.productId)), [added]);
  const all = useMemo(() => [...added, ...rows], [added, rows]);
  const valuesOf = (r: StationInventoryRow) => edits[r.productId] ?? savedLimits(r);
  // A row already limited cannot be cleared (the batch only inserts or updates), and an added row needs its limits.
  const errorsOf = (r: StationInventoryRow) =>
    limitErrors(valuesOf(r), addedIds.has(r.productId) || r.limitId !== null || r.minQty !== null);
  const changed = changedRows(all, edits, addedIds);
  const { key: screenKey } = useUnsavedChanges(changed.length > 0);

  // Another station replaces the rows: unsaved limits are asked about first (the app's one guard).
  const chooseStation = async (next: LookupRecord | null) => {
    if ((next?.id ?? '') === stationId) return;
    if (await confirmDiscard([screenKey])) setStation(next);
  };

  const shown = useMemo(() => {
    const q = search.trim().toLowerCase();
    return q ? all.filter((r) => r.code.toLowerCase().includes(q) || r.name.toLowerCase().includes(q)) : all;
  }, [all, search]);

  const edit = (r: StationInventoryRow, change: Partial<LimitValues>) =>
    setEdits((e) => ({ ...e, [r.productId]: { ...(e[r.productId] ?? savedLimits(r)), ...change } }));

  const addParts = (chosen: LookupRecord[]) => {
    setPicking(false);
    const have = new Set(all.map((r) => r.productId));
    const fresh: StationInventoryRow[] = [];
    for (const c of chosen) {
      if (have.has(c.id)) toast.warning(t('stock.ui.partListed', { part: c.name || c.id }));
      else {
        have.add(c.id);
        fresh.push(addedRow(c));
      }
    }
    if (fresh.length) setAdded((a) => [...fresh, ...a]);
  };

  const remove = (r: StationInventoryRow) => {
    setAdded((a) => a.filter((x) => x.productId !== r.productId));
    setEdits(({ [r.productId]: _, ...rest }) => rest);
  };

  const save = async () => {
    if (all.some((r) => Object.keys(errorsOf(r)).length > 0)) {
      toast.error(t('stock.ui.limitFix'));
      return;
    }
    if (!changed.length) return;
    setSaving(true);
    try {
      const a = await saveLimits(batchBody(stationId, changed, edits));
      if (a.message) toast.success(a.message);
      setVersion((v) => v + 1);
    } catch (err) {
      toast.error(err instanceof Error ? err.message : String(err));
    } finally {
      setSaving(false);
    }
  };

  const limitInput = (r: StationInventoryRow, field: keyof LimitValues, testId: string) => {
    const v = valuesOf(r)[field];
    if (!editable) return <span data-testid={testId}>{v ?? ''}</span>;
    const error = errorsOf(r)[field];
    const name = LIMIT.allFields[field === 'minQty' ? 'new_minqty' : 'new_maxqty'].label[lang];
    return (
      <Space orientation="vertical" size={0}>
        {/* Keeps what was typed (1.5, abc); the refusal shows under it. */}
        <NumberInput
          testId={testId}
          ariaLabel={`${name} ${r.code}`}
          size="small"
          decimal={false}
          value={v}
          status={error ? 'error' : undefined}
          onChange={(x) => edit(r, { [field]: x })}
          style={{ width: 96 }}
        />
        {error && (
          <Typography.Text type="danger" style={{ fontSize: 12, whiteSpace: 'nowrap' }} data-testid="spb-row-error" data-field={field}>
            {t(error, { field: name })}
          </Typography.Text>
        )}
      </Space>
    );
  };

  const columns: TableColumnsType<StationInventoryRow> = [
    { key: 'code', dataIndex: 'code', title: LIMIT.allFields.new_code.label[lang], width: 150 },
    { key: 'name', dataIndex: 'name', title: LIMIT.allFields.new_name.label[lang] },
    { key: 'uom', dataIndex: 'uom', title: LINE.allFields.new_uom.label[lang], width: 70 },
    { key: 'quantity', dataIndex: 'quantity', title: STOCK.allFields.new_quantity.label[lang], align: 'right', width: 90 },
    { key: 'frozen', dataIndex: 'frozen', title: STOCK.allFields.new_frozen.label[lang], align: 'right', width: 90 },
    { key: 'available', dataIndex: 'available', title: STOCK.allFields.new_available.label[lang], align: 'right', width: 90 },
    { key: 'intransit', dataIndex: 'intransit', title: STOCK.allFields.new_intransit.label[lang], align: 'right', width: 90 },
    {
      key: 'minQty',
      title: LIMIT.allFields.new_minqty.label[lang],
      width: 120,
      align: editable ? 'left' : 'right',
      render: (_: unknown, r) => limitInput(r, 'minQty', 'spb-min'),
    },
    {
      key: 'maxQty',
      title: LIMIT.allFields.new_maxqty.label[lang],
      width: 120,
      align: editable ? 'left' : 'right',
      render: (_: unknown, r) => limitInput(r, 'maxQty', 'spb-max'),
    },
    {
      key: 'level',
      title: t('stock.ui.level'),
      width: 100,
      render: (_: unknown, r) => {
        const level = levelOf(r, valuesOf(r));
        return (
          <Tag color={LEVEL_COLOR[level]} data-testid="spb-level" data-level={level}>
            {t(`stock.ui.level.${level}`)}
          </Tag>
        );
      },
    },
  ];
  if (editable && added.length) {
    columns.push({
      key: '__actions',
      title: t('widgets.list.actions'),
      width: 90,
      render: (_: unknown, r) =>
        addedIds.has(r.productId) ? (
          <Button type="link" size="small" danger icon={<DeleteOutlined />} onClick={() => remove(r)} data-testid="spb-remove">
            {t('widgets.action.remove')}
          </Button>
        ) : null,
    });
  }

  const header = editable && stationId && (
    <Space wrap size={8}>
      <Button icon={<PlusOutlined />} onClick={() => setPicking(true)} data-testid="spb-add">
        {t('stock.ui.addParts')}
      </Button>
      <Button
        type="primary"
        icon={<SaveOutlined />}
        onClick={save}
        loading={saving}
        disabled={!changed.length}
        data-testid="spb-save"
        data-count={changed.length}
      >
        {t('common.save')}
      </Button>
    </Space>
  );

  return (
    <div
      data-testid="spb-page"
      data-station-id={stationId}
      data-editable={editable ? 'true' : 'false'}
      data-loading={loading ? 'true' : undefined}
    >
      <PageTitle extra={header || undefined}>{t('menu.stationInventory')}</PageTitle>
      <div className="list-toolbar">
        <Space wrap size={8}>
          <Typography.Text>{getEntity('new_srv_station')!.label[lang]}</Typography.Text>
          {own ? (
            <Typography.Text strong data-testid="spb-station-name">
              {own.name}
            </Typography.Text>
          ) : (
            <div style={{ minWidth: 260 }}>
              <LookupInput
                testId="spb-station"
                def={{ entityName: 'new_srv_station' }}
                value={station}
                onChange={(v) => void chooseStation(v)}
                allowClear={false}
              />
            </div>
          )}
          <Input
            data-testid="spb-search"
            aria-label={t('widgets.list.searchPlaceholder', {
              fields: `${LIMIT.allFields.new_code.label[lang]}/${LIMIT.allFields.new_name.label[lang]}`,
            })}
            {...searchBoxProps(
              t('widgets.list.searchPlaceholder', {
                fields: `${LIMIT.allFields.new_code.label[lang]}/${LIMIT.allFields.new_name.label[lang]}`,
              }),
              SEARCH_WIDTH,
            )}
            value={search}
            allowClear
            onChange={(ev) => setSearch(ev.target.value)}
            disabled={!stationId}
          />
          {changed.length > 0 && (
            <Typography.Text type="warning" data-testid="spb-unsaved" data-count={changed.length}>
              {t('stock.ui.unsavedRows', { count: changed.length })}
            </Typography.Text>
          )}
        </Space>
      </div>
      <ResponsiveTable<StationInventoryRow>
        card={{ title: 'name', tags: ['level'], fields: ['code', 'available', 'minQty', 'maxQty'] }}
        rowKey="productId"
        size="small"
        columns={columns}
        dataSource={shown}
        loading={loading}
        pagination={{
          defaultPageSize: 50,
          showSizeChanger: true,
          pageSizeOptions: [20, 50, 100],
          showTotal: (total) => t('widgets.list.total', { total }),
        }}
        scroll={{ x: 'max-content' }}
        onRow={(r) =>
          ({
            'data-testid': 'spb-row',
            'data-product-id': r.productId,
            'data-code': r.code,
            'data-level': levelOf(r, valuesOf(r)),
            'data-dirty': changed.includes(r) ? 'true' : undefined,
            'data-added': addedIds.has(r.productId) ? 'true' : undefined,
          }) as React.HTMLAttributes<HTMLElement>
        }
        locale={{
          emptyText: (
            <div data-testid="spb-empty" className="list-empty">
              {stationId ? (search ? t('widgets.empty.search') : t('stock.ui.inventoryEmpty')) : t('stock.ui.chooseStation')}
            </div>
          ),
        }}
      />
      {editable && <LookupDialog open={picking} def={PRODUCT_LOOKUP} multiple onCancel={() => setPicking(false)} onOk={addParts} />}
    </div>
  );
}
