import { getEntity } from '@portal/model';
import { describe, expect, it } from 'vitest';
import { formatDateTime, formatMoney, wantsFormatted } from './format.ts';
import { safeCell } from './export.ts';
import { parseDateTime, validateValues } from './validate.ts';

const worker = getEntity('new_srv_worker')!;
const station = getEntity('new_srv_station')!;
const product = getEntity('product')!;
const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex').toString('base64');

describe('validateValues', () => {
  it('normalises good values for SQL', () => {
    const r = validateValues(
      worker,
      {
        new_name: '  赵磊 ',
        new_code: 'E1',
        new_phone: '021-58956321',
        new_workyear: '12',
        new_sex: 1,
        new_station_id: '{4EFCD39C-2364-4641-8D9D-D27C8B67BA42}',
        new_image: `data:image/png;base64,${PNG}`,
        new_skill: ' PLC ',
      },
      'create',
      'zh-CN',
    );
    expect(r.errors).toEqual([]);
    expect(r.values).toMatchObject({
      new_name: '赵磊',
      new_workyear: 12,
      new_sex: 1,
      new_station_id: '4efcd39c-2364-4641-8d9d-d27c8b67ba42',
      new_skill: ' PLC ',
    });
    const m = validateValues(product, { name: 'x', productnumber: 'P1', new_state: 0, price: '1234.5' }, 'create', 'zh-CN');
    expect(m.values.price).toBe('1234.5');
    const s = validateValues(station, { new_name: 'x', new_code: 'c', new_limitamount: '是', new_beginamount: 10 }, 'create', 'zh-CN');
    expect(s.values).toMatchObject({ new_limitamount: true, new_beginamount: '10' });
  });

  it('returns every error at once, in the caller language', () => {
    const input = {
      new_code: 'x'.repeat(41),
      new_phone: '12345',
      new_workyear: 61,
      new_sex: 9,
      new_station_id: 'nope',
      new_image: 'data:image/png;base64,R0lGODlhAQABAAAAACw=',
      new_load: 5,
      new_apppassword: 'x',
      ownerid: '4efcd39c-2364-4641-8d9d-d27c8b67ba42',
      hack: 1,
    };
    const zh = validateValues(worker, input, 'create', 'zh-CN');
    expect(zh.errors).toEqual(
      expect.arrayContaining([
        { field: 'new_load', message: '当前负荷由业务流程维护，不能直接修改' },
        { field: 'new_apppassword', message: '字段 new_apppassword 不存在或不可写' },
        { field: 'ownerid', message: '字段 ownerid 不存在或不可写' },
        { field: 'hack', message: '字段 hack 不存在或不可写' },
        { field: 'new_name', message: '姓名不能为空' },
        { field: 'new_code', message: '工号不能超过 40 个字符' },
        { field: 'new_phone', message: '手机号码格式不正确' },
        { field: 'new_workyear', message: '工作年限不能大于 60' },
        { field: 'new_sex', message: '性别的选项值 9 不存在' },
        { field: 'new_image', message: '照片必须是 png、jpg 或 gif 图片' },
      ]),
    );
    // the station is not demanded here: insertRecords defaults it to the caller's station
    expect(zh.errors.find((e) => e.field === 'new_station_id')?.message).toBe('服务站必须是记录编号（GUID）');
    const en = validateValues(worker, input, 'create', 'en-US');
    expect(en.errors).toEqual(
      expect.arrayContaining([
        { field: 'new_name', message: 'Name is required' },
        { field: 'new_phone', message: 'Phone has an incorrect format' },
        { field: 'new_workyear', message: 'Working years cannot be greater than 60' },
        { field: 'hack', message: 'Field hack does not exist or cannot be written' },
      ]),
    );
  });

  it('update: only what is sent, and required fields cannot be blanked', () => {
    expect(validateValues(worker, { new_workyear: 3 }, 'update', 'zh-CN')).toEqual({ values: { new_workyear: 3 }, errors: [] });
    expect(validateValues(worker, { new_name: ' ' }, 'update', 'zh-CN').errors).toEqual([{ field: 'new_name', message: '姓名不能为空' }]);
    expect(validateValues(worker, { new_wechat: '' }, 'update', 'zh-CN').values).toEqual({ new_wechat: null });
  });

  it('numbers: precision, magnitude, integers', () => {
    const p = (price: unknown) => validateValues(product, { price }, 'update', 'en-US').errors.map((e) => e.message);
    expect(p('1.234')).toEqual(['Unit price allows at most 2 decimal places']);
    expect(p('1e3')).toEqual(['Unit price must be a number']);
    expect(p('12345678901234567')).toEqual(['Unit price is too large']);
    expect(p(-1)).toEqual(['Unit price cannot be less than 0']);
    expect(p('1,000')).toEqual(['Unit price must be a number']);
    expect(validateValues(worker, { new_workyear: 1.5 }, 'update', 'en-US').errors[0].message).toBe('Working years: integer only');
    expect(validateValues(worker, { new_workyear: 'abc' }, 'update', 'en-US').errors[0].message).toBe('Working years must be a number');
  });

  it('images: type by magic number and size', () => {
    const big = Buffer.concat([Buffer.from(PNG, 'base64'), Buffer.alloc(101 * 1024)]).toString('base64');
    expect(validateValues(worker, { new_image: `data:image/png;base64,${big}` }, 'update', 'zh-CN').errors[0].message).toBe(
      '照片不能超过 100K',
    );
    expect(validateValues(worker, { new_image: `data:image/jpeg;base64,${PNG}` }, 'update', 'zh-CN').errors[0].message).toBe(
      '照片必须是 png、jpg 或 gif 图片',
    );
  });

  it('text: control characters refused', () => {
    expect(validateValues(worker, { new_wechat: 'a\u0000b' }, 'update', 'zh-CN').errors[0].message).toBe('微信包含不允许的字符');
  });

  it('datetimes: ISO, offset-less read in UTC+8', () => {
    expect(parseDateTime('2026-01-01T08:00:00Z')).toBe('2026-01-01T08:00:00.000Z');
    expect(parseDateTime('2026-01-01 08:00')).toBe('2026-01-01T00:00:00.000Z');
    expect(parseDateTime('2026-01-01')).toBe('2025-12-31T16:00:00.000Z');
    expect(parseDateTime('2026-02-30')).toBeNull();
    expect(parseDateTime('tomorrow')).toBeNull();
  });
});

describe('formatting', () => {
  it('money, datetime, Prefer header, formula-safe cells', () => {
    expect(formatMoney('1234.5')).toBe('¥1,234.50');
    expect(formatMoney(-1234567.891)).toBe('-¥1,234,567.89');
    expect(formatMoney('0')).toBe('¥0.00');
    expect(formatDateTime('2026-01-01T16:30:00Z')).toBe('2026-01-02 00:30');
    expect(wantsFormatted('odata.include-annotations="OData.Community.Display.V1.FormattedValue"')).toBe(true);
    expect(wantsFormatted('odata.include-annotations="*"')).toBe(true);
    expect(wantsFormatted('return=representation')).toBe(false);
    expect(wantsFormatted(undefined)).toBe(false);
    expect(['=1+1', '+1', '-1', '@x', '\tx', '\rx', 'ok'].map(safeCell)).toEqual(["'=1+1", "'+1", "'-1", "'@x", "'\tx", "'\rx", 'ok']);
  });
});
