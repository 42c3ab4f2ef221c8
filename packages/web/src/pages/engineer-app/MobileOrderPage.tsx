import {
  ArrowLeftOutlined,
  CalendarOutlined,
  CameraOutlined,
  DeleteOutlined,
  EnvironmentOutlined,
  PhoneOutlined,
  PlusOutlined,
} from '@ant-design/icons';
import {
  appointmentReason,
  appointmentStatus,
  ENGINEER_APP,
  fixType,
  getEntity,
  IN_SERVICE_STATUSES,
  workOrderDealStatus,
  workOrderStatus,
  type LngLat,
  type OptionSetDef,
  type ProgressStep,
} from '@portal/model';
import { Alert, Button, Card, DatePicker, Descriptions, Form, Input, List, Select, Space, Spin, Tag, Typography } from 'antd';
import { useRef, useState } from 'react';
import { displayValue } from '../../api/records.ts';
import { confirm, toast } from '../../app/feedback.ts';
import { useLocale, useT } from '../../locales/i18n.ts';
import { act, useMyOrder, useOnline } from '../../offline/engine.ts';
import { lineIdOf, type AppLineKind, type OrderView } from '../../offline/orders.ts';
import { useSession } from '../../session/store.ts';
import { formatUtc8, todayUtc8 } from '../../shared/date.ts';
import { toDate } from '../../entity-ui/form-values.ts';
import { formatAmount } from '../../shared/format.ts';
import { chosenProvider, navigationUrl, toServerDatum } from '../../shared/geo-datum.ts';
import { NumberInput } from '../../widgets/NumberInput.tsx';
import { QuantityBox } from '../../widgets/QuantityBox.tsx';
import { charCount, lengthCount, lengthMessage, lengthRule, numberRule } from '../../widgets/typed-rules.ts';
import { OptionTag } from '../../entity-ui/document/OptionTag.tsx';
import {
  appointmentBody,
  appointmentInitial,
  endAfterBegin,
  nextProgressStep,
  reasonForChange,
  SLOT_OPTIONS,
  type AppointmentValues,
} from '../workorder/work-order-rules.ts';
import { onAppLink } from './app-nav.ts';
import { appointmentText, fullAddress, orderPosition, telLink } from './order-list.ts';
import { photoName, resizePhoto } from './photo.ts';
import { PartPicker, type PickedPart } from './PartPicker.tsx';
import { SyncBar } from './SyncBar.tsx';

const optionText = (set: OptionSetDef, v: unknown, lang: 'zh-CN' | 'en-US') => set.options.find((o) => o.value === Number(v))?.label[lang];

const num = (v: unknown) => (typeof v === 'number' ? v : Number(v ?? 0));
const text = (v: unknown) => (v === null || v === undefined ? '' : String(v));
/** A work-order field's label from the model (declared once there). */
const fieldLabel = (name: string, lang: 'zh-CN' | 'en-US') => getEntity('new_srv_workorder')!.allFields[name].label[lang];
const ITEM = () => getEntity('new_srv_repairitem')!;
/** The step's address (the server's limit); a longer one is refused, not cut. */
const ADDRESS_MAX = 200;
const when = (v: unknown) => (v ? formatUtc8(String(v), 'YYYY-MM-DD HH:mm') : '');

/** The phone's position (GPS, WGS-84), or null when it is refused or takes too long. */
function currentPosition(): Promise<LngLat | null> {
  if (typeof navigator === 'undefined' || !navigator.geolocation) return Promise.resolve(null);
  return new Promise((resolve) =>
    navigator.geolocation.getCurrentPosition(
      (p) => resolve({ lng: p.coords.longitude, lat: p.coords.latitude }),
      () => resolve(null),
      { enableHighAccuracy: true, timeout: 8000, maximumAge: 60_000 },
    ),
  );
}

/** The next step's card: 响应, or 出发 / 到达 with the address (prefilled) and the phone's position. */
function StepCard({ order, userId }: { order: OrderView; userId: string }) {
  const t = useT();
  const user = useSession((s) => s.user);
  const row = order.row;
  const step = nextProgressStep(num(row.new_status), num(row.new_dealstatus));
  const [address, setAddress] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [gpsNote, setGpsNote] = useState<string | null>(null);
  if (!step || step === 'photos') return null;
  const defaultAddress =
    step === 'departure' ? user.departName || displayValue(row, 'new_station_id') : step === 'arrival' ? fullAddress(row) : '';
  const value = address ?? defaultAddress;
  const addressOver = charCount(value) > ADDRESS_MAX;
  const needsAddress = step === 'departure' || step === 'arrival';
  const label = { response: t('engineerApp.respond'), departure: t('engineerApp.depart'), arrival: t('engineerApp.arrive') }[
    step as Exclude<ProgressStep, 'photos'>
  ];

  const record = async () => {
    // The moment of the tap is the step's time, whenever the server hears of it.
    const time = new Date().toISOString();
    setBusy(true);
    try {
      const gps = needsAddress ? await currentPosition() : null;
      const pos = gps ? toServerDatum(gps) : null;
      setGpsNote(
        needsAddress
          ? pos
            ? t('engineerApp.position', { lng: pos.lng.toFixed(6), lat: pos.lat.toFixed(6) })
            : t('engineerApp.noGps')
          : null,
      );
      await act(userId, {
        kind: 'progress',
        step,
        orderId: order.id,
        orderName: text(row.new_name),
        at: time,
        body: { step, time, ...(needsAddress ? { address: value.trim() } : {}), ...(pos ? { longitude: pos.lng, latitude: pos.lat } : {}) },
      });
      setAddress(null);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card size="small" className="engineer-card" data-testid="engineer-step" data-step={step}>
      {needsAddress && (
        <Form layout="vertical">
          <Form.Item
            label={t('engineerApp.address')}
            required
            validateStatus={addressOver ? 'error' : undefined}
            help={addressOver ? lengthMessage(t('engineerApp.address'), ADDRESS_MAX, t) : undefined}
          >
            <Input
              value={value}
              onChange={(e) => setAddress(e.target.value)}
              count={lengthCount(ADDRESS_MAX, false)}
              data-testid="engineer-step-address"
            />
          </Form.Item>
        </Form>
      )}
      <Button
        type="primary"
        className="engineer-step-button"
        loading={busy}
        disabled={needsAddress && (!value.trim() || addressOver)}
        onClick={() => void record()}
        data-testid={`engineer-step-${step}`}
      >
        {busy && needsAddress ? t('engineerApp.locating') : label}
      </Button>
      {gpsNote && (
        <Typography.Text type="secondary" data-testid="engineer-step-gps">
          {gpsNote}
        </Typography.Text>
      )}
    </Card>
  );
}

/** 现场照片: taken with the camera, shrunk on the phone (≤ 1600 px JPEG), queued for upload. */
function PhotosCard({ order, userId }: { order: OrderView; userId: string }) {
  const t = useT();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const row = order.row;
  const name = text(row.new_name);

  const take = async (files: FileList | null) => {
    if (!files?.length) return;
    setBusy(true);
    try {
      let n = order.photos;
      // Arrived and not yet photographed: the 拍照 step follows the first photo (the server needs one
      // to accept it), queued before the next photo so it is there as soon as the count shows.
      let stepDue =
        nextProgressStep(num(order.row.new_status), num(order.row.new_dealstatus)) === 'photos' &&
        !order.pending.some((i) => i.kind === 'progress' && i.step === 'photos');
      for (const f of Array.from(files)) {
        let blob: Blob;
        try {
          blob = await resizePhoto(f);
        } catch (e) {
          toast.error(t('engineerApp.photoFailed', { reason: e instanceof Error ? e.message : String(e) }));
          continue;
        }
        n += 1;
        const at = new Date();
        await act(userId, {
          kind: 'upload',
          orderId: order.id,
          orderName: name,
          at: at.toISOString(),
          file: { name: photoName(at, n), type: 'image/jpeg', data: await blob.arrayBuffer() },
        });
        if (stepDue) {
          stepDue = false;
          const time = new Date().toISOString();
          await act(userId, {
            kind: 'progress',
            step: 'photos',
            orderId: order.id,
            orderName: name,
            at: time,
            body: { step: 'photos', time },
          });
        }
      }
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  };

  return (
    <Card
      size="small"
      className="engineer-card"
      title={t('engineerApp.photos')}
      data-testid="engineer-photos"
      data-count={order.photos}
      data-busy={busy ? 'true' : 'false'}
    >
      <Space>
        <Button icon={<CameraOutlined />} loading={busy} onClick={() => input.current?.click()} data-testid="engineer-take-photo">
          {t('engineerApp.takePhoto')}
        </Button>
        <Typography.Text data-testid="engineer-photo-count">{t('engineerApp.photoCount', { n: order.photos })}</Typography.Text>
      </Space>
      <input
        ref={input}
        className="engineer-photo-input"
        type="file"
        accept="image/*"
        capture="environment"
        multiple
        onChange={(e) => void take(e.target.files)}
        data-testid="engineer-photo-input"
      />
    </Card>
  );
}

/* --------------------------------------------------------------- appointment */

/**
 * 改约 on the phone: the desktop's appointment command with its rules (day from today, begin before
 * end, a reason when an existing appointment changes, a note of at most 100) — queued like every
 * action, so a change made offline shows at once as 待同步 and reaches the server in order.
 */
function AppointmentCard({ order, userId, onClose }: { order: OrderView; userId: string; onClose: () => void }) {
  const t = useT();
  const lang = useLocale();
  const row = order.row;
  const [form] = Form.useForm<AppointmentValues>();
  const had = toDate(row.new_appointmenttime);
  const options = (set: OptionSetDef) => set.options.map((o) => ({ value: o.value, label: o.label[lang] }));
  const save = async (v: AppointmentValues) => {
    await act(userId, { kind: 'appointment', orderId: order.id, orderName: text(row.new_name), body: { ...appointmentBody(v) } });
    onClose();
  };
  return (
    <Card
      size="small"
      className="engineer-card"
      title={had ? t('engineerApp.changeAppointment') : t('engineerApp.setAppointment')}
      data-testid="engineer-appointment-form"
    >
      <Form form={form} layout="vertical" initialValues={appointmentInitial(row)} onFinish={(v) => void save(v)}>
        <Form.Item
          name="date"
          label={fieldLabel('new_appointmenttime', lang)}
          required
          rules={[{ required: true, message: t('wo.dateRequired') }]}
        >
          <DatePicker style={{ width: '100%' }} disabledDate={(d) => d.isBefore(todayUtc8())} data-testid="engineer-appt-date" />
        </Form.Item>
        <Space.Compact block>
          <Form.Item
            name="begin"
            label={fieldLabel('new_appointmentbegin', lang)}
            required
            rules={[{ required: true, message: t('wo.ui.slotRequired') }]}
            style={{ flex: 1 }}
          >
            <Select options={SLOT_OPTIONS} virtual={false} data-testid="engineer-appt-begin" />
          </Form.Item>
          <Form.Item
            name="end"
            label={fieldLabel('new_appointmentend', lang)}
            required
            dependencies={['begin']}
            style={{ flex: 1, marginInlineStart: 12 }}
            rules={[{ required: true, message: t('wo.ui.slotRequired') }, endAfterBegin(t('wo.endAfterStart'))]}
          >
            <Select options={SLOT_OPTIONS} virtual={false} data-testid="engineer-appt-end" />
          </Form.Item>
        </Space.Compact>
        <Form.Item
          name="status"
          label={fieldLabel('new_appointmentstatus', lang)}
          required
          rules={[{ required: true, message: t('wo.ui.statusRequired') }]}
        >
          <Select options={options(appointmentStatus)} data-testid="engineer-appt-status" />
        </Form.Item>
        <Form.Item
          name="reason"
          label={fieldLabel('new_appointmentreason', lang)}
          dependencies={['date', 'begin', 'end', 'status']}
          rules={[reasonForChange(row, t('wo.reasonRequired'))]}
        >
          <Select allowClear options={options(appointmentReason)} data-testid="engineer-appt-reason" />
        </Form.Item>
        <Form.Item name="memo" label={t('engineerApp.appointmentNote')} rules={[lengthRule(t('engineerApp.appointmentNote'), 100, t)]}>
          <Input.TextArea count={lengthCount(100)} autoSize={{ minRows: 2, maxRows: 4 }} data-testid="engineer-appt-memo" />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" data-testid="engineer-appt-save">
            {t('engineerApp.save')}
          </Button>
          <Button onClick={onClose} data-testid="engineer-appt-cancel">
            {t('common.cancel')}
          </Button>
        </Space>
      </Form>
    </Card>
  );
}

/** 维修项目 and 更换配件: the lines API through the queue; lines added offline show as 待同步. */
function LinesCard({ order, userId }: { order: OrderView; userId: string }) {
  const t = useT();
  const lang = useLocale();
  const online = useOnline();
  const [itemForm] = Form.useForm<{ name: string; hours: number; price: number }>();
  const [part, setPart] = useState<PickedPart | null>(null);
  const [qty, setQty] = useState<number>(1);
  const [qtyRefused, setQtyRefused] = useState<string | null>(null);
  const itemLabel = (f: string) => ITEM().allFields[f].label[lang];
  const name = text(order.row.new_name);
  const add = (kind: AppLineKind, body: Record<string, unknown>, display: Record<string, unknown>) =>
    act(userId, { kind: 'lineAdd', lineKind: kind, orderId: order.id, orderName: name, body, display });
  const remove = (kind: AppLineKind, lineId: string) =>
    act(userId, { kind: 'lineDelete', lineKind: kind, lineId, orderId: order.id, orderName: name });

  const list = (kind: AppLineKind, describe: (r: Record<string, unknown>) => string) => (
    <List
      size="small"
      dataSource={order.lines[kind]}
      locale={{ emptyText: ' ' }}
      renderItem={(l, i) => (
        <List.Item
          key={`${kind}-${i}`}
          data-testid={`engineer-line-${kind}`}
          actions={
            l.pending
              ? [
                  <Tag key="p" color="orange">
                    {t('engineerApp.pending')}
                  </Tag>,
                ]
              : [
                  <Button
                    key="d"
                    size="small"
                    type="text"
                    danger
                    icon={<DeleteOutlined />}
                    aria-label={t('engineerApp.delete')}
                    onClick={() => void remove(kind, lineIdOf(kind, l.row))}
                  />,
                ]
          }
        >
          {describe(l.row)}
        </List.Item>
      )}
    />
  );

  return (
    <Card size="small" className="engineer-card" title={t('engineerApp.lines')} data-testid="engineer-lines">
      {list('repairitems', (r) => `${text(r.new_name)} · ${text(r.new_hours)} h × ${formatAmount(r.new_price as string | number | null)}`)}
      <Form
        form={itemForm}
        layout="inline"
        style={{ rowGap: 8, marginBottom: 12 }}
        onFinish={(v) => {
          void add('repairitems', { new_name: v.name.trim(), new_hours: Number(v.hours), new_price: Number(v.price) }, {});
          itemForm.resetFields();
        }}
      >
        {/* What was typed stays; a refusal shows under its box in the model's limits (工时 0–999, one decimal; 工时单价 0–99999). */}
        <Form.Item
          name="name"
          rules={[{ required: true, whitespace: true, message: ' ' }, lengthRule(itemLabel('new_name'), 100, t)]}
          style={{ minWidth: 140, flex: 1 }}
        >
          <Input placeholder={t('engineerApp.addItem')} count={lengthCount(100, false)} data-testid="engineer-item-name" />
        </Form.Item>
        <Form.Item
          name="hours"
          rules={[{ required: true, message: ' ' }, numberRule({ field: itemLabel('new_hours'), scale: 1, min: 0, max: 999 }, t)]}
        >
          <NumberInput placeholder="h" style={{ width: 72 }} testId="engineer-item-hours" ariaLabel={itemLabel('new_hours')} />
        </Form.Item>
        <Form.Item
          name="price"
          rules={[{ required: true, message: ' ' }, numberRule({ field: itemLabel('new_price'), scale: 2, min: 0, max: 99_999 }, t)]}
        >
          <NumberInput prefix="¥" style={{ width: 100 }} testId="engineer-item-price" ariaLabel={itemLabel('new_price')} />
        </Form.Item>
        <Button htmlType="submit" icon={<PlusOutlined />} data-testid="engineer-item-add" />
      </Form>
      {list(
        'partlines',
        (r) => `${text(r['new_product_id@OData.Community.Display.V1.FormattedValue'] ?? r.new_name)} × ${text(r.new_qty)}`,
      )}
      <Space.Compact style={{ width: '100%' }}>
        <PartPicker orderId={order.id} value={part} onChange={setPart} online={online} placeholder={t('engineerApp.addPart')} />
        <QuantityBox
          value={qty}
          onChange={setQty}
          onRefusal={setQtyRefused}
          field={t('widgets.shop.quantity')}
          width={72}
          testId="engineer-part-qty"
        />
        <Button
          icon={<PlusOutlined />}
          disabled={!part || !!qtyRefused}
          data-testid="engineer-part-add"
          onClick={() => {
            if (!part) return;
            void add(
              'partlines',
              { new_product_id: part.id, new_qty: qty },
              { 'new_product_id@OData.Community.Display.V1.FormattedValue': part.name },
            );
            setPart(null);
            setQty(1);
          }}
        />
      </Space.Compact>
      {!online && (
        <Typography.Text type="secondary" data-testid="engineer-part-offline">
          {t('engineerApp.partStockOffline')}
        </Typography.Text>
      )}
    </Card>
  );
}

/** 服务结果 and 完工: the completion command with the result; the phone checks the photo rule first. */
function CompleteCard({ order, userId }: { order: OrderView; userId: string }) {
  const t = useT();
  const lang = useLocale();
  const [form] = Form.useForm<{ fixtype?: number; solution?: string; serviceResult?: string }>();
  const status = num(order.row.new_status);
  if (status !== workOrderStatus.arrived) return null;
  const finish = (v: { fixtype?: number; solution?: string; serviceResult?: string }) => {
    if (order.photos < 1) {
      toast.error(t('wo.needPhotos'));
      return;
    }
    confirm({
      title: t('engineerApp.complete'),
      content: t('engineerApp.completeConfirm'),
      okText: t('common.ok'),
      cancelText: t('common.cancel'),
      onOk: async () => {
        const time = new Date().toISOString();
        await act(userId, {
          kind: 'complete',
          orderId: order.id,
          orderName: text(order.row.new_name),
          at: time,
          body: {
            completionTime: time,
            fixtype: v.fixtype ?? null,
            solution: v.solution?.trim() || undefined,
            serviceResult: v.serviceResult?.trim() || undefined,
          },
        });
      },
    });
  };
  return (
    <Card size="small" className="engineer-card" title={t('engineerApp.complete')} data-testid="engineer-complete">
      <Form form={form} layout="vertical" onFinish={finish}>
        <Form.Item name="fixtype" label={fixType.label[lang]}>
          <Select
            allowClear
            options={fixType.options.map((o) => ({ value: o.value, label: o.label[lang] }))}
            data-testid="engineer-fixtype"
          />
        </Form.Item>
        <Form.Item name="solution" label={fieldLabel('new_solution', lang)} rules={[lengthRule(fieldLabel('new_solution', lang), 1000, t)]}>
          <Input.TextArea count={lengthCount(1000)} autoSize={{ minRows: 2, maxRows: 5 }} data-testid="engineer-solution" />
        </Form.Item>
        <Form.Item
          name="serviceResult"
          label={fieldLabel('new_serviceresult', lang)}
          rules={[lengthRule(fieldLabel('new_serviceresult', lang), 1000, t)]}
        >
          <Input.TextArea count={lengthCount(1000)} autoSize={{ minRows: 2, maxRows: 5 }} data-testid="engineer-service-result" />
        </Form.Item>
        <Button type="primary" htmlType="submit" className="engineer-step-button" data-testid="engineer-complete-submit">
          {t('engineerApp.complete')}
        </Button>
      </Form>
    </Card>
  );
}

/**
 * /mobile/workorders/:id: one order on the phone — call, navigate, respond, set out, arrive (time
 * and position), photos, repair items and parts, service result and completion; every action goes
 * through the queue (待同步 until the server has it), online or not.
 */
export function MobileOrderPage({ id }: { id: string }) {
  const t = useT();
  const lang = useLocale();
  const userId = useSession((s) => s.user.userId);
  const { data: order, loading, fromCache, error, savedAt } = useMyOrder(userId, id);
  const row = order?.row;
  const status = num(row?.new_status);
  const working = IN_SERVICE_STATUSES.includes(status);
  const address = row ? fullAddress(row) : '';
  const tel = row ? telLink(row.new_phone) : null;
  const [editingAppointment, setEditingAppointment] = useState(false);

  return (
    <div
      className="engineer-app"
      data-testid="engineer-order"
      data-id={id}
      data-status={row ? status : ''}
      data-pending={order?.pending.length ?? 0}
    >
      <SyncBar userId={userId} />
      <a href={ENGINEER_APP.home} onClick={onAppLink(ENGINEER_APP.home)} data-testid="engineer-back">
        <ArrowLeftOutlined /> {t('engineerApp.back')}
      </a>
      {loading && !order && <Spin style={{ display: 'block', margin: 24 }} />}
      {!loading && !order && (
        <Alert
          type="warning"
          showIcon
          style={{ marginTop: 12 }}
          title={error ?? t('engineerApp.notCached')}
          data-testid="engineer-order-missing"
        />
      )}
      {order && row && (
        <>
          <Card className="engineer-card" style={{ marginTop: 12 }}>
            <div className="engineer-card-title">
              <Typography.Title level={5} style={{ margin: 0 }} data-testid="engineer-order-number">
                {text(row.new_name)}
              </Typography.Title>
              <span>
                <OptionTag set={workOrderStatus} value={row.new_status} testId="engineer-order-status" />
                {/* The handling status only where it says something else (not 已派工 twice). */}
                {optionText(workOrderDealStatus, row.new_dealstatus, lang) !== optionText(workOrderStatus, row.new_status, lang) && (
                  <OptionTag set={workOrderDealStatus} value={row.new_dealstatus} testId="engineer-order-dealstatus" />
                )}
                {order.pending.length > 0 && (
                  <Tag color="orange" data-testid="engineer-order-pending">
                    {t('engineerApp.pendingCount', { n: order.pending.length })}
                  </Tag>
                )}
              </span>
            </div>
            {fromCache && savedAt && (
              <Typography.Text type="secondary" data-testid="engineer-from-cache">
                {t('engineerApp.fromCache', { time: formatUtc8(savedAt) })}
              </Typography.Text>
            )}
            <Descriptions size="small" column={1} style={{ marginTop: 8 }}>
              <Descriptions.Item label={fieldLabel('new_customer', lang)}>
                {text(row.new_customer)}
                {row.new_contact ? ` · ${text(row.new_contact)}` : ''}
              </Descriptions.Item>
              <Descriptions.Item label={t('engineerApp.address')}>{address}</Descriptions.Item>
              <Descriptions.Item label={t('engineerApp.appointment')}>
                <span data-testid="engineer-appointment-text">{appointmentText(row) || t('engineerApp.noAppointment')}</span>
                {/* The desktop's rule: an appointment while the order is dispatched … arrived (status 2–5). */}
                {working && !editingAppointment && (
                  <Button
                    size="small"
                    type="link"
                    icon={<CalendarOutlined />}
                    onClick={() => setEditingAppointment(true)}
                    data-testid="engineer-appointment-edit"
                  >
                    {row.new_appointmenttime ? t('engineerApp.changeAppointment') : t('engineerApp.setAppointment')}
                  </Button>
                )}
              </Descriptions.Item>
              {row.new_faultdesc ? (
                <Descriptions.Item label={fieldLabel('new_faultdesc', lang)}>{text(row.new_faultdesc)}</Descriptions.Item>
              ) : null}
              {row.new_responsetime ? (
                <Descriptions.Item label={t('engineerApp.respond')}>
                  <span data-testid="engineer-time-response">{when(row.new_responsetime)}</span>
                </Descriptions.Item>
              ) : null}
              {row.new_departuretime ? (
                <Descriptions.Item label={t('engineerApp.depart')}>
                  <span data-testid="engineer-time-departure">{when(row.new_departuretime)}</span>
                </Descriptions.Item>
              ) : null}
              {row.new_arrivaltime ? (
                <Descriptions.Item label={t('engineerApp.arrive')}>
                  <span data-testid="engineer-time-arrival">{when(row.new_arrivaltime)}</span>
                </Descriptions.Item>
              ) : null}
              {row.new_completiontime ? (
                <Descriptions.Item label={t('engineerApp.complete')}>
                  <span data-testid="engineer-time-completion">{when(row.new_completiontime)}</span>
                </Descriptions.Item>
              ) : null}
            </Descriptions>
            <div className="engineer-card-actions">
              <Button icon={<PhoneOutlined />} href={tel ?? undefined} disabled={!tel} data-testid="engineer-order-call">
                {t('engineerApp.call')}
              </Button>
              <Button
                icon={<EnvironmentOutlined />}
                href={navigationUrl(chosenProvider(), orderPosition(row), text(row.new_customer), address)}
                target="_blank"
                rel="noopener noreferrer"
                data-testid="engineer-order-navigate"
              >
                {t('engineerApp.navigate')}
              </Button>
            </div>
          </Card>
          {status === workOrderStatus.completed && (
            <Alert type="success" showIcon title={t('engineerApp.done')} style={{ marginBottom: 12 }} data-testid="engineer-order-done" />
          )}
          {working && editingAppointment && <AppointmentCard order={order} userId={userId} onClose={() => setEditingAppointment(false)} />}
          {working && <StepCard order={order} userId={userId} />}
          {working && <PhotosCard order={order} userId={userId} />}
          {working && order.complete && <LinesCard order={order} userId={userId} />}
          <CompleteCard order={order} userId={userId} />
        </>
      )}
    </div>
  );
}
