import { render, screen, waitFor, within } from '@testing-library/react';
import { bool, date, dateTime, defineEntity, label, lookup, memo, money, optionSet, sex, text } from '@portal/model';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { translate } from '../locales/i18n.ts';
import { useSession } from '../session/store.ts';
import { envelope, renderApp, signInAs, stubServer } from '../test/render-app.tsx';
import { RecordDescriptions } from './RecordDescriptions.tsx';

const sample = defineEntity({
  logicalName: 'new_viewsample',
  entitySet: 'new_viewsamples',
  label: label('样例', 'Sample'),
  scope: { kind: 'global' },
  fields: {
    new_name: text(label('名称', 'Name')),
    new_memo: memo(label('说明', 'Memo')),
    new_money: money(label('金额', 'Amount')),
    new_flag: bool(label('启用', 'On')),
    new_off: bool(label('停用', 'Off')),
    new_day: date(label('日期', 'Day')),
    new_at: dateTime(label('时间', 'At')),
    new_sex: optionSet(sex),
    new_station_id: lookup('new_srv_station', label('服务站', 'Station')),
  },
});

const ROW = {
  new_name: '样例一',
  new_memo: '',
  new_money: 1234.5,
  new_flag: true,
  new_off: false,
  new_day: null,
  // 16:30 UTC is 00:30 the next day at UTC+8.
  new_at: '2026-11-24T16:30:00.000Z',
  new_sex: 2,
  new_station_id: 's1',
  'new_station_id@OData.Community.Display.V1.FormattedValue': '上海浦东华辰服务站',
};

const SECTIONS = [
  { key: 'basic', label: '基本信息', fields: ['new_name', 'new_sex', 'new_station_id', 'new_money'] },
  { key: 'more', label: '其他', fields: ['new_flag', 'new_off', 'new_day', 'new_at', 'new_memo'] },
];

const shown = (name: string) => screen.getByTestId(`view-${name}`).textContent;

afterEach(() => {
  vi.unstubAllGlobals();
  useSession.getState().clearAll();
});

describe('RecordDescriptions', () => {
  it('shows the sections with formatted values and a dash for empty ones (Chinese)', () => {
    render(<RecordDescriptions e={sample} row={ROW} sections={SECTIONS} lang="zh-CN" />);
    expect(within(screen.getByTestId('form-section-basic')).getByText('基本信息')).toBeTruthy();
    expect(within(screen.getByTestId('form-section-more')).getByText('其他')).toBeTruthy();
    expect(shown('new_name')).toBe('样例一');
    expect(shown('new_sex')).toBe('女');
    expect(shown('new_station_id')).toBe('上海浦东华辰服务站');
    expect(shown('new_money')).toBe('¥1,234.50');
    expect(shown('new_flag')).toBe('是');
    expect(shown('new_off')).toBe('否');
    expect(shown('new_at')).toBe('2026-11-25 00:30');
    expect(shown('new_day')).toBe('-');
    expect(shown('new_memo')).toBe('-');
    const view = screen.getByTestId('record-descriptions');
    expect(view.querySelectorAll('.ant-descriptions').length).toBe(2);
    expect(view.querySelectorAll('input, textarea, select, .ant-select, .ant-picker').length).toBe(0);
    expect(view.textContent).not.toMatch(/请选择|请输入/);
  });

  it('labels option sets and booleans in the user’s language', () => {
    render(<RecordDescriptions e={sample} row={ROW} sections={SECTIONS} lang="en-US" />);
    expect(shown('new_sex')).toBe('Female');
    expect(shown('new_flag')).toBe('Yes');
    expect(screen.getByText('Amount')).toBeTruthy();
  });

  it('a reader opening a record gets description panels, not disabled inputs', async () => {
    signInAs(['worker.read']);
    stubServer((url) => {
      if (url.startsWith('/api/crmdata/Retrieve/new_srv_workers(w1)')) {
        return envelope({
          new_srv_workerid: 'w1',
          new_name: '赵磊',
          new_code: 'SH001-E001',
          new_sex: 1,
          new_phone: '15800158003',
          new_wechat: null,
          new_station_id: 's1',
          'new_station_id@OData.Community.Display.V1.FormattedValue': '上海浦东华辰服务站',
        });
      }
      if (url.startsWith('/api/attachment?')) return envelope([]);
      return undefined;
    });
    renderApp('/worker/edit/w1');
    await waitFor(() => expect(screen.getByTestId('view-new_name').textContent).toBe('赵磊'), { timeout: 40_000 });
    const form = screen.getByTestId('entity-form');
    expect(within(form).getByRole('heading', { level: 2 }).textContent).toBe(translate('widgets.form.view', { entity: '服务人员' }));
    expect(shown('new_sex')).toBe('男');
    expect(shown('new_station_id')).toBe('上海浦东华辰服务站');
    expect(shown('new_wechat')).toBe('-');
    // The same sections and side navigation as the form.
    for (const s of ['basic', 'contact', 'skill']) expect(screen.getByTestId(`form-section-${s}`)).toBeTruthy();
    expect(within(screen.getByTestId('form-sidenav')).getByText('联系方式')).toBeTruthy();
    const details = screen.getByTestId('record-descriptions');
    expect(details.querySelectorAll('input, textarea, .ant-select, .ant-picker').length).toBe(0);
    expect(form.textContent).not.toMatch(/请选择|请输入/);
    expect(screen.queryByTestId('form-save')).toBeNull();
  });
});
