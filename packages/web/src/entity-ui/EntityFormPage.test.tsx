import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import {
  bool,
  date,
  dateTime,
  decimal,
  defineEntity,
  image,
  int,
  label,
  lookup,
  memo,
  money,
  optionSet,
  sex,
  text,
  type FieldDef,
} from '@portal/model';
import { Form } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../session/store.ts';
import { envelope, renderApp, stubServer } from '../test/render-app.tsx';
import { FieldItem, inputFor, rulesFor } from './FieldInput.tsx';
import { translate } from '../locales/i18n.ts';

const sample = defineEntity({
  logicalName: 'new_sample',
  entitySet: 'new_samples',
  label: label('样例', 'Sample'),
  scope: { kind: 'global' },
  fields: {
    new_name: text(label('名称', 'Name'), { required: true, pattern: 'mobile' }),
    new_memo: memo(label('说明', 'Memo')),
    new_int: int(label('数量', 'Qty'), { min: 0, max: 10 }),
    new_dec: decimal(label('系数', 'Factor')),
    new_money: money(label('金额', 'Amount')),
    new_flag: bool(label('启用', 'On')),
    new_day: date(label('日期', 'Day')),
    new_at: dateTime(label('时间', 'At')),
    new_sex: optionSet(sex),
    new_station_id: lookup('new_srv_station', label('服务站', 'Station')),
    new_photo: image(label('照片', 'Photo'), 100 * 1024),
  },
});

const t = (k: string, p?: Record<string, string | number>) => translate(k, p);

const WORKER = {
  new_srv_workerid: 'w1',
  new_name: '赵磊',
  new_code: 'SH001-E001',
  new_sex: 1,
  new_job: 3,
  new_educationlevel: 5,
  new_workyear: 8,
  new_chargingmodetype: 1,
  new_phone: '15800158003',
  new_wechat: 'zhaolei',
  new_region: 2,
  new_skill: '液压、电气',
  new_load: 2,
  new_station_id: 's1',
  'new_station_id@OData.Community.Display.V1.FormattedValue': '上海浦东华辰服务站',
  new_image: null,
};

function signIn(privilege: string[], extra: Partial<ReturnType<typeof useSession.getState>['user']> = {}) {
  const s = useSession.getState();
  s.setTokens({ accessToken: 'acc', refreshToken: 'ref' });
  s.setUser({
    userId: 'u1',
    userName: 'station1',
    nickName: '陈志强',
    loginType: 'password',
    privilege: ['portal.login', ...privilege],
    ...extra,
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
  useSession.getState().clearAll();
});

describe('one input per field type', () => {
  it('renders text, memo, numbers, money, switch, dates, picklist, lookup and image inputs', () => {
    stubServer();
    render(
      <Form>
        {Object.entries(sample.fields).map(([n, f]) => (
          <FieldItem key={n} name={n} label={f.label['zh-CN']} valuePropName={f.type === 'bool' ? 'checked' : undefined}>
            {inputFor(sample, n, f, 'zh-CN', t as never, false)}
          </FieldItem>
        ))}
      </Form>,
    );
    const el = (n: string) => screen.getByTestId(`field-${n}`);
    expect(el('new_name').tagName).toBe('INPUT');
    expect(el('new_memo').tagName).toBe('TEXTAREA');
    // Numbers are typed as text (kept as typed; the field's rule refuses what is not allowed).
    expect(el('new_int').getAttribute('inputmode')).toBe('numeric');
    expect(el('new_dec').getAttribute('inputmode')).toBe('decimal');
    expect(el('new_money').closest('.ant-input-affix-wrapper')?.textContent).toContain('¥');
    expect(el('new_flag').getAttribute('role')).toBe('switch');
    expect(el('new_day').closest('.ant-picker')).not.toBeNull();
    expect(el('new_at').closest('.ant-picker')).not.toBeNull();
    expect(el('new_sex').closest('.ant-select')).not.toBeNull();
    expect(el('new_station_id').getAttribute('aria-haspopup')).toBe('dialog');
    expect(el('new_photo').getAttribute('type')).toBe('file');
  });

  it('rules come from the model: required and the pattern message of the catalogue', async () => {
    const rules = rulesFor(sample.fields.new_name, 'zh-CN', t as never);
    expect(rules).toContainEqual(expect.objectContaining({ required: true, message: '请输入名称' }));
    expect(rules).toContainEqual(expect.objectContaining({ pattern: expect.any(RegExp), message: '名称格式不正确' }));
    const refusals = async (f: FieldDef, v: unknown) =>
      (
        await Promise.allSettled(
          rulesFor(f, 'zh-CN', t as never).map((r) =>
            typeof r === 'object' && 'validator' in r && r.validator ? r.validator({} as never, v, () => {}) : Promise.resolve(),
          ),
        )
      ).flatMap((o) => (o.status === 'rejected' ? [(o.reason as Error).message] : []));
    expect(await refusals(sample.fields.new_name, '1'.repeat(101))).toContain('名称不能超过 100 个字符');
    // Typed numbers: refused with the spec's words, never rounded or clamped.
    expect(await refusals(sample.fields.new_int, 1.5)).toEqual(['数量只能输入整数']);
    expect(await refusals(sample.fields.new_int, 'abc')).toEqual(['数量必须是数字']);
    expect(await refusals(sample.fields.new_int, 11)).toEqual(['数量不能大于 10']);
    expect(await refusals(sample.fields.new_money, -5000)).toEqual(['金额不能小于 0']);
    expect(await refusals(sample.fields.new_money, 12.345)).toEqual(['金额最多保留 2 位小数']);
    expect(await refusals(sample.fields.new_money, 12.34)).toEqual([]);
  });
});

describe('EntityFormPage', () => {
  it('edit: sections, side navigation, values by type and an attachments tab', async () => {
    signIn(['worker.read', 'worker.write']);
    stubServer((url) => {
      if (url.startsWith('/api/crmdata/Retrieve/new_srv_workers(w1)')) return envelope(WORKER);
      if (url.startsWith('/api/attachment?')) return envelope([]);
      return undefined;
    });
    renderApp('/worker/edit/w1');
    const form = await screen.findByTestId('entity-form');
    expect(form.getAttribute('data-entity')).toBe('new_srv_worker');
    await waitFor(() => expect((screen.getByTestId('field-new_name') as HTMLInputElement).value).toBe('赵磊'));
    for (const s of ['basic', 'contact', 'skill']) expect(screen.getByTestId(`form-section-${s}`)).toBeTruthy();
    expect(within(screen.getByTestId('form-sidenav')).getByText('联系方式')).toBeTruthy();
    expect(screen.getByTestId('field-new_station_id').textContent).toContain('上海浦东华辰服务站');
    expect((screen.getByTestId('field-new_workyear') as HTMLInputElement).value).toBe('8');
    expect(screen.getByTestId('form-save')).toBeTruthy();
    expect(screen.getByTestId('form-delete')).toBeTruthy();
    expect(screen.getByTestId('form-back')).toBeTruthy();
    // Set by the server only: shown, not editable.
    expect((screen.getByTestId('field-new_load') as HTMLInputElement).disabled).toBe(true);
    await act(async () => fireEvent.click(screen.getByTestId('form-tab-attachments')));
    expect(await screen.findByTestId('attachment-list')).toBeTruthy();
  });

  it('maps the server validation errors onto their fields', async () => {
    signIn(['worker.read', 'worker.write']);
    let body: Record<string, unknown> = {};
    stubServer((url, init) => {
      if (url.startsWith('/api/crmdata/Retrieve/new_srv_workers(w1)')) return envelope(WORKER);
      if (url === '/api/crmdata/Update/new_srv_workers(w1)') {
        body = JSON.parse(String(init.body));
        return new Response(
          JSON.stringify({
            ErrorCode: 400,
            Message: '工号“SH001-E001”已存在；手机号码格式不正确',
            Data: {
              errors: [
                { field: 'new_code', message: '工号“SH001-E001”已存在' },
                { field: 'new_phone', message: '手机号码格式不正确' },
              ],
            },
          }),
          {
            status: 400,
            headers: { 'content-type': 'application/json' },
          },
        );
      }
      return undefined;
    });
    renderApp('/worker/edit/w1');
    await waitFor(() => expect((screen.getByTestId('field-new_name') as HTMLInputElement).value).toBe('赵磊'));
    await act(async () => fireEvent.click(screen.getByTestId('form-save')));
    expect((await screen.findByTestId('field-error-new_code')).textContent).toBe('工号“SH001-E001”已存在');
    expect(screen.getByTestId('field-error-new_phone').textContent).toBe('手机号码格式不正确');
    // Lookups travel as their id; read-only fields are not sent.
    expect(body.new_station_id).toBe('s1');
    expect('new_load' in body).toBe(false);
    expect(body.new_sex).toBe(1);
  });

  it('create: required and pattern messages, then the new record opens for editing', async () => {
    signIn(['worker.read', 'worker.write'], { userType: 3, departId: 's1', departName: '上海浦东华辰服务站' });
    let created: Record<string, unknown> = {};
    stubServer((url, init) => {
      if (url === '/api/crmdata/create/new_srv_workers') {
        created = JSON.parse(String(init.body));
        return envelope({ id: 'w9' });
      }
      if (url.startsWith('/api/crmdata/Retrieve/new_srv_workers(w9)'))
        return envelope({ ...WORKER, new_srv_workerid: 'w9', new_name: '王小明' });
      if (url.startsWith('/api/attachment?')) return envelope([]);
      if (url === '/api/portaluser/me') return envelope(null);
      return undefined;
    });
    const { router } = renderApp('/worker/create');
    await screen.findByTestId('entity-form');
    expect(screen.queryByTestId('form-delete')).toBeNull();
    expect(screen.queryByTestId('form-tab-attachments')).toBeNull();
    // A station user's engineer belongs to their station.
    expect(screen.getByTestId('field-new_station_id').textContent).toContain('上海浦东华辰服务站');
    await act(async () => fireEvent.click(screen.getByTestId('form-save')));
    expect((await screen.findByTestId('field-error-new_name')).textContent).toBe('请输入姓名');
    expect(screen.getByTestId('field-error-new_code').textContent).toBe('请输入工号');
    fireEvent.change(screen.getByTestId('field-new_name'), { target: { value: '王小明' } });
    fireEvent.change(screen.getByTestId('field-new_code'), { target: { value: 'SH001-E009' } });
    fireEvent.change(screen.getByTestId('field-new_phone'), { target: { value: '12345' } });
    await act(async () => fireEvent.click(screen.getByTestId('form-save')));
    expect((await screen.findByTestId('field-error-new_phone')).textContent).toBe('手机号码格式不正确');
    fireEvent.change(screen.getByTestId('field-new_phone'), { target: { value: '13912345678' } });
    await act(async () => fireEvent.click(screen.getByTestId('form-save')));
    await waitFor(() => expect(router.state.location.pathname).toBe('/worker/edit/w9'));
    expect(created).toMatchObject({ new_name: '王小明', new_code: 'SH001-E009', new_phone: '13912345678', new_station_id: 's1' });
    expect('new_wechat' in created).toBe(false);
  });

  it('readers see the record without save or delete', async () => {
    signIn(['worker.read']);
    stubServer((url) => {
      if (url.startsWith('/api/crmdata/Retrieve/new_srv_workers(w1)')) return envelope(WORKER);
      if (url.startsWith('/api/attachment?')) return envelope([]);
      return undefined;
    });
    renderApp('/worker/edit/w1');
    // Read-only records are description panels (RecordDescriptions), not disabled inputs.
    await waitFor(() => expect(screen.getByTestId('view-new_name').textContent).toBe('赵磊'));
    expect(screen.queryByTestId('form-save')).toBeNull();
    expect(screen.queryByTestId('form-delete')).toBeNull();
    expect(screen.queryByTestId('field-new_name')).toBeNull();
  });
});
