import {
  slotLabel,
  type workOrderDealStatus,
  workOrderStatus,
  type Lang,
  type MapView,
  type MapOrder,
  type MapRange,
  type MapWorker,
} from '@portal/model';
import { Alert, Button, Card, Empty, Input, List, Segmented, Space, Spin, Tabs, Tag, Typography } from 'antd';
import { useCallback, useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { useSearchParams } from 'react-router';
import { confirm, toast } from '../../../app/feedback.ts';
import { ApiError } from '../../../api/envelope.ts';
import {
  dispatchOrder,
  fetchMapData,
  fetchMapTiles,
  NO_TILES,
  takeEarlyMapTiles,
  type MapTileSettings,
} from '../../../api/work-order-insights.ts';
import { useLocale, useT } from '../../../locales/i18n.ts';
import { usePrivilege } from '../../../session/use-privilege.ts';
import { PageTitle } from '../../PageTitle.tsx';
import { LeafletCanvas, type LeafletCanvasHandle } from './LeafletCanvas.tsx';
import {
  baseMapKind,
  candidatesFor,
  formatKm,
  indexById,
  isAssignable,
  listOrder,
  markerDatum,
  placeOrders,
  placeWorkers,
  searchOrders,
} from './map-logic.ts';
import './work-order-map.css';

const RANGES: MapRange[] = ['all', 'today', 'tomorrow'];
const PAGE = 20;
const EMPTY: MapView = { orders: [], workers: [], toAssign: 0, truncated: false };

/**
 * The early tile settings, taken once, are kept until a screen mounts with them. The route's first
 * render is a transition that React may throw away and start again (another update came first); the
 * setting taken by the discarded render was lost, so the committed one asked for them again and the
 * map (Leaflet, then the markers) waited for that round trip after the shell's first render.
 */
let takenTiles: { at: number; value: MapTileSettings } | null = null;
const initialTiles = () => {
  const early = takeEarlyMapTiles();
  if (early) takenTiles = { at: Date.now(), value: early };
  // As long as the early call's own answer counts (a screen that never mounted leaves nothing for later).
  return takenTiles && Date.now() - takenTiles.at < 30_000 ? takenTiles.value : null;
};

const optionOf = (set: typeof workOrderStatus | typeof workOrderDealStatus, v: number | null) => set.options.find((o) => o.value === v);

/**
 * The work-order map (spec 001 §2): engineers and open orders on Leaflet, the to-be-assigned count,
 * All / Today / Tomorrow, a paged order list and the engineers with their load. In `assign` mode an
 * unassigned order is dispatched to an engineer of its station picked on the map or in the list
 * (nearest first); the server's message is shown and the counts reload.
 */
export function WorkOrderMap({ mode }: { mode: 'view' | 'assign' }) {
  const t = useT();
  const lang = useLocale();
  const can = usePrivilege();
  const assigning = mode === 'assign' && can('workorder.dispatch');
  const [params, setParams] = useSearchParams();
  const range: MapRange = RANGES.includes(params.get('range') as MapRange) ? (params.get('range') as MapRange) : 'all';

  // Asked for beside the route's early map call: usually here before the first render.
  const [tiles, setTiles] = useState<MapTileSettings | null>(initialTiles);
  const [tilesFailed, setTilesFailed] = useState(false);
  const [baseFailed, setBaseFailed] = useState(false);
  const [data, setData] = useState<MapView>(EMPTY);
  const [loadedRange, setLoadedRange] = useState<MapRange | null>(null);
  const [loading, setLoading] = useState(true);
  const [failed, setFailed] = useState(false);
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [tab, setTab] = useState<'orders' | 'workers'>('orders');
  const [orderId, setOrderId] = useState<string | null>(null);
  const [workerId, setWorkerId] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const mapApi = useRef<LeafletCanvasHandle>(null);

  useEffect(() => {
    // Mounted: the settings taken for this screen are its own now; the next visit asks again.
    takenTiles = null;
    if (tiles) return;
    let live = true;
    fetchMapTiles({ silent: true })
      .then((s) => live && setTiles(s))
      // Without the settings the map still works: markers on a plain background.
      .catch(() => live && setTiles(NO_TILES));
    return () => {
      live = false;
    };
    // Once: the settings do not change while the screen is open.
  }, []);

  const seq = useRef(0);
  const load = useCallback(async (r: MapRange) => {
    const mine = ++seq.current;
    setLoading(true);
    try {
      const d = await fetchMapData(r, { silent: true });
      if (mine !== seq.current) return;
      performance.mark('wo-map-data');
      // Rendered (and the markers drawn) now, not in a later task: the first load's answer is usually
      // in before the shell's first commit, and the browser would paint a frame of the page without
      // them in between (a layout and paint of the whole page, ~20–35 ms, before the markers' own).
      flushSync(() => {
        setData(d);
        setFailed(false);
        setLoadedRange(r);
        setLoading(false);
      });
    } catch {
      if (mine === seq.current) setFailed(true);
    } finally {
      if (mine === seq.current) setLoading(false);
    }
  }, []);
  useEffect(() => {
    void load(range);
  }, [load, range]);

  const base = baseMapKind(tiles?.url, tilesFailed);
  const datum = markerDatum(base, tiles?.datum);
  const placedOrders = useMemo(() => placeOrders(data.orders, datum), [data.orders, datum]);
  const placedWorkers = useMemo(() => placeWorkers(data.workers, datum), [data.workers, datum]);
  const ordersById = useMemo(() => indexById(data.orders), [data.orders]);
  const workersById = useMemo(() => indexById(data.workers), [data.workers]);
  // The side lists come after the markers: their first render (antd tabs, list, pagination, search)
  // and the 10,000-order sort used to sit between the data's arrival and the map's first draw.
  // Deferred renders yield to the browser, so the canvas is drawn while they run.
  const sideShown = useDeferredValue(true, false);
  const side = useDeferredValue(data, EMPTY);
  const listed = useMemo(() => listOrder(searchOrders(side.orders, search)), [side.orders, search]);

  const order = orderId ? (ordersById.get(orderId) ?? null) : null;
  const worker = workerId ? (workersById.get(workerId) ?? null) : null;
  const candidates = useMemo(() => (order && assigning ? candidatesFor(order, data.workers) : []), [order, assigning, data.workers]);

  // A new range or a refresh may drop the selected order (assigned elsewhere, other day).
  useEffect(() => {
    if (orderId && !ordersById.get(orderId)) setOrderId(null);
    if (workerId && !workersById.get(workerId)) setWorkerId(null);
  }, [ordersById, workersById, orderId, workerId]);

  const placed = useCallback(
    (id: string, kind: 'order' | 'worker') =>
      kind === 'order' ? placedOrders.find((p) => p.order.id === id)?.at : placedWorkers.find((p) => p.worker.id === id)?.at,
    [placedOrders, placedWorkers],
  );

  const pickOrder = (id: string, from: 'map' | 'list') => {
    setResult(null);
    setOrderId(id);
    setWorkerId(null);
    setTab('orders');
    if (from === 'map') {
      // Show the picked order in the list: clear the search and turn to its page.
      setSearch('');
      const idx = listOrder(data.orders).findIndex((o) => o.id === id);
      if (idx >= 0) setPage(Math.floor(idx / PAGE) + 1);
    } else {
      const at = placed(id, 'order');
      if (at) mapApi.current?.focus(at);
    }
  };

  const pickWorker = (id: string, from: 'map' | 'list') => {
    const w = workersById.get(id);
    if (!w) return;
    if (assigning && order && isAssignable(order)) {
      // Only an engineer of the order's station can take it (the server checks it too).
      if (w.stationId !== order.stationId) {
        toast.warning(t('wo.map.pickWorker'));
        return;
      }
      setWorkerId(id);
    } else {
      setTab('workers');
      setWorkerId(id);
    }
    if (from === 'list') {
      const at = placed(id, 'worker');
      if (at) mapApi.current?.focus(at);
    }
  };

  const assign = () => {
    if (!order || !worker) return;
    confirm({
      title: t('wo.map.assignTitle'),
      content: t('wo.map.confirmAssign', { order: order.name, worker: worker.name }),
      onOk: async () => {
        setBusy(true);
        try {
          const { message } = await dispatchOrder(order.id, { workerId: worker.id }, { silent: true });
          setResult({ ok: true, text: message });
          toast.success(message);
          setOrderId(null);
          setWorkerId(null);
          await load(range);
        } catch (e) {
          const text = e instanceof ApiError ? e.message : t('error.server');
          setResult({ ok: false, text });
          toast.error(text);
        } finally {
          setBusy(false);
        }
      },
    });
  };

  const tooltipOf = useCallback(
    (kind: 'order' | 'worker', id: string) => {
      if (kind === 'order') {
        const o = ordersById.get(id);
        return o ? `${o.name} · ${optionOf(workOrderStatus, o.status)?.label[lang] ?? ''} · ${o.customer}` : '';
      }
      const w = workersById.get(id);
      return w ? `${w.name} · ${t('wo.map.load', { n: w.load })} · ${w.stationName}` : '';
    },
    [ordersById, workersById, lang, t],
  );

  const setRange = (r: MapRange) => {
    setPage(1);
    setResult(null);
    const next = new URLSearchParams(params);
    if (r === 'all') next.delete('range');
    else next.set('range', r);
    setParams(next, { replace: true });
  };

  const title = mode === 'assign' ? t('wo.map.assignTitle') : t('wo.map.title');
  // Only when neither tiles nor the embedded base map can be drawn: markers on a plain background.
  const tilesUnavailable = tiles !== null && base === 'vector' && baseFailed;

  return (
    <div
      data-testid={mode === 'assign' ? 'page-workorder-mapassign' : 'page-workorder-map'}
      data-loaded-range={loadedRange ?? ''}
      data-loading={loading ? '1' : '0'}
      // The side lists show the loaded data (they render just after the markers).
      data-lists-current={sideShown && side === data ? '1' : '0'}
    >
      <PageTitle
        extra={
          <Space wrap>
            <Tag color="orange" style={{ fontSize: 14, padding: '2px 10px' }}>
              {t('wo.map.toAssign')} <b data-testid="map-to-assign">{data.toAssign}</b>
            </Tag>
            <Segmented<MapRange>
              data-testid="map-range"
              value={range}
              onChange={setRange}
              options={[
                { value: 'all', label: <span data-testid="map-range-all">{t('wo.map.rangeAll')}</span> },
                { value: 'today', label: <span data-testid="map-range-today">{t('wo.map.rangeToday')}</span> },
                { value: 'tomorrow', label: <span data-testid="map-range-tomorrow">{t('wo.map.rangeTomorrow')}</span> },
              ]}
            />
            <Button data-testid="map-refresh" onClick={() => void load(range)} loading={loading}>
              {t('wo.map.refresh')}
            </Button>
          </Space>
        }
      >
        {title}
      </PageTitle>

      {tilesUnavailable && (
        <Alert type="info" showIcon data-testid="map-tiles-unavailable" title={t('wo.map.tilesUnavailable')} style={{ marginBottom: 8 }} />
      )}
      {data.truncated && (
        <Alert
          type="warning"
          showIcon
          data-testid="map-truncated"
          title={t('wo.map.truncated', { n: data.orders.length })}
          style={{ marginBottom: 8 }}
        />
      )}
      {failed && <Alert type="error" showIcon data-testid="map-load-failed" title={t('wo.map.loadFailed')} style={{ marginBottom: 8 }} />}
      {mode === 'assign' && !assigning && <Alert type="warning" showIcon title={t('wo.map.viewOnly')} style={{ marginBottom: 8 }} />}

      <div className="wo-map-layout">
        <Card size="small" className="wo-map-card" styles={{ body: { padding: 0, height: '100%', position: 'relative' } }}>
          {tiles ? (
            <LeafletCanvas
              ref={mapApi}
              orders={placedOrders}
              workers={placedWorkers}
              tiles={tiles}
              base={base}
              fitKey={`${loadedRange ?? ''}|${datum}`}
              settled={loadedRange !== null || failed}
              selectedOrderId={orderId}
              selectedWorkerId={workerId}
              onOrderClick={(id) => pickOrder(id, 'map')}
              onWorkerClick={(id) => pickWorker(id, 'map')}
              onTilesFailed={() => setTilesFailed(true)}
              onBaseMapFailed={() => setBaseFailed(true)}
              tooltipOf={tooltipOf}
            />
          ) : (
            <Spin style={{ margin: 40 }} />
          )}
          <div className="wo-map-legend" aria-hidden>
            <span>
              <i style={{ background: '#fa8c16' }} />
              {t('wo.map.legendUnassigned')}
            </span>
            <span>
              <i style={{ background: '#1677ff' }} />
              {t('wo.map.legendInService')}
            </span>
            <span>
              <i style={{ background: '#389e0d' }} />
              {t('wo.map.legendWorker')}
            </span>
            {tiles && base === 'vector' && !baseFailed && (
              <span className="wo-map-base-note" data-testid="map-offline-base" title={t('wo.map.offlineBaseHint')}>
                {t('wo.map.offlineBase')}
              </span>
            )}
          </div>
        </Card>

        <div className="wo-map-side">
          {assigning && (
            <Card size="small" data-testid="map-assign-panel" title={t('wo.map.assignTitle')}>
              {result && (
                <Alert
                  type={result.ok ? 'success' : 'error'}
                  showIcon
                  data-testid="map-assign-result"
                  title={result.text}
                  style={{ marginBottom: 8 }}
                />
              )}
              {!order ? (
                <Typography.Text type="secondary">{t('wo.map.pickOrder')}</Typography.Text>
              ) : !isAssignable(order) ? (
                <Alert type="warning" showIcon data-testid="map-not-assignable" title={`${order.name}：${t('wo.map.notAssignable')}`} />
              ) : (
                <>
                  <div data-testid="map-selected-order">{t('wo.map.selectedOrder', { name: order.name })}</div>
                  <Typography.Text type="secondary">{t('wo.map.pickWorker')}</Typography.Text>
                  <List
                    size="small"
                    data-testid="map-candidates"
                    className="wo-map-candidates"
                    locale={{ emptyText: t('wo.map.noWorkers') }}
                    dataSource={candidates}
                    renderItem={(c) => (
                      <List.Item
                        key={c.worker.id}
                        data-testid={`map-candidate-${c.worker.id}`}
                        data-worker-name={c.worker.name}
                        className={c.worker.id === workerId ? 'wo-map-row selected' : 'wo-map-row'}
                        onClick={() => pickWorker(c.worker.id, 'list')}
                      >
                        <span>{c.worker.name}</span>
                        <span className="wo-map-muted">
                          {c.km === null ? t('wo.map.noLocation') : t('wo.map.distance', { km: formatKm(c.km) })} ·{' '}
                          {t('wo.map.load', { n: c.worker.load })}
                        </span>
                      </List.Item>
                    )}
                  />
                  {worker && <div data-testid="map-selected-worker">{t('wo.map.selectedWorker', { name: worker.name })}</div>}
                  <Space style={{ marginTop: 8 }}>
                    <Button type="primary" data-testid="map-assign-confirm" disabled={!worker} loading={busy} onClick={assign}>
                      {t('wo.map.assign')}
                    </Button>
                    <Button
                      data-testid="map-assign-clear"
                      onClick={() => {
                        setOrderId(null);
                        setWorkerId(null);
                      }}
                    >
                      {t('wo.map.cancelSelection')}
                    </Button>
                  </Space>
                </>
              )}
            </Card>
          )}

          {sideShown && (
            <Card size="small" className="wo-map-lists">
              <Tabs
                activeKey={tab}
                onChange={(k) => setTab(k as 'orders' | 'workers')}
                items={[
                  {
                    key: 'orders',
                    label: <span data-testid="map-tab-orders">{t('wo.map.ordersCount', { n: side.orders.length })}</span>,
                    children: (
                      <>
                        <Input.Search
                          allowClear
                          data-testid="map-order-search"
                          placeholder={t('wo.map.search')}
                          value={search}
                          onChange={(e) => {
                            setSearch(e.target.value);
                            setPage(1);
                          }}
                          style={{ marginBottom: 8 }}
                        />
                        {listed.length === 0 && !loading && side === data ? (
                          <Empty data-testid="map-orders-empty" description={t('wo.map.noOrders')} />
                        ) : (
                          <List
                            size="small"
                            data-testid="map-order-list"
                            data-count={listed.length}
                            dataSource={listed}
                            pagination={{
                              current: page,
                              pageSize: PAGE,
                              onChange: setPage,
                              size: 'small',
                              showSizeChanger: false,
                              hideOnSinglePage: true,
                            }}
                            renderItem={(o) => (
                              <OrderRow
                                key={o.id}
                                o={o}
                                lang={lang}
                                selected={o.id === orderId}
                                onPick={() => pickOrder(o.id, 'list')}
                                t={t}
                              />
                            )}
                          />
                        )}
                      </>
                    ),
                  },
                  {
                    key: 'workers',
                    label: <span data-testid="map-tab-workers">{t('wo.map.workersCount', { n: side.workers.length })}</span>,
                    children: (
                      <List
                        size="small"
                        data-testid="map-worker-list"
                        dataSource={side.workers}
                        pagination={{ pageSize: PAGE, size: 'small', showSizeChanger: false, hideOnSinglePage: true }}
                        renderItem={(w) => (
                          <WorkerRow key={w.id} w={w} selected={w.id === workerId} onPick={() => pickWorker(w.id, 'list')} t={t} />
                        )}
                      />
                    ),
                  },
                ]}
              />
            </Card>
          )}
        </div>
      </div>
    </div>
  );
}

function OrderRow({
  o,
  lang,
  selected,
  onPick,
  t,
}: {
  o: MapOrder;
  lang: Lang;
  selected: boolean;
  onPick(): void;
  t: ReturnType<typeof useT>;
}) {
  const st = optionOf(workOrderStatus, o.status);
  const appt = o.appointmentDate
    ? `${o.appointmentDate}${o.appointmentBegin != null ? ` ${slotLabel(o.appointmentBegin)}` : ''}${o.appointmentEnd != null ? `–${slotLabel(o.appointmentEnd)}` : ''}`
    : null;
  return (
    <List.Item
      data-testid={`map-order-${o.id}`}
      data-order-name={o.name}
      data-status={o.status}
      className={selected ? 'wo-map-row selected' : 'wo-map-row'}
      onClick={onPick}
    >
      <div style={{ width: '100%' }}>
        <div className="wo-map-row-head">
          <b>{o.name}</b>
          <Tag color={st?.color}>{st?.label[lang] ?? o.status}</Tag>
        </div>
        <div className="wo-map-muted">
          {o.customer} · {o.address}
        </div>
        <div className="wo-map-muted">
          {o.stationName}
          {o.workerName ? ` · ${o.workerName}` : ''}
          {appt ? ` · ${t('wo.map.appointment', { date: appt })}` : ''}
        </div>
      </div>
    </List.Item>
  );
}

function WorkerRow({ w, selected, onPick, t }: { w: MapWorker; selected: boolean; onPick(): void; t: ReturnType<typeof useT> }) {
  return (
    <List.Item
      data-testid={`map-worker-${w.id}`}
      data-worker-name={w.name}
      data-load={w.load}
      className={selected ? 'wo-map-row selected' : 'wo-map-row'}
      onClick={onPick}
    >
      <div style={{ width: '100%' }}>
        <div className="wo-map-row-head">
          <b>{w.name}</b>
          <Tag color={w.load === 0 ? 'green' : w.load < 3 ? 'blue' : 'red'}>{t('wo.map.load', { n: w.load })}</Tag>
        </div>
        <div className="wo-map-muted">
          {w.code} · {w.stationName}
          {w.lng == null ? ` · ${t('wo.map.noLocation')}` : ''}
        </div>
      </div>
    </List.Item>
  );
}
