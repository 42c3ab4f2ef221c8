import { defineEntity, defineOptionSet, getEntity, label, money, optionSet, text, workOrderStatus } from '@portal/model';
import { describe, expect, it } from 'vitest';
import { cardLayout, distinctTags, statusLike } from './card-layout.ts';

const plain = defineOptionSet('t_plain', label('类别', 'Kind'), [{ value: 1, label: label('甲', 'A') }]);
const coloured = defineOptionSet('t_level', label('级别', 'Level'), [{ value: 1, label: label('高', 'High'), color: 'red' }]);
const T = defineEntity({
  logicalName: 't_card',
  entitySet: 't_cards',
  label: label('卡片', 'Card'),
  scope: { kind: 'global' },
  fields: {
    new_name: text(label('名称', 'Name')),
    new_kind: optionSet(plain),
    new_state: optionSet(plain, label('状态', 'State')),
    new_level: optionSet(coloured),
    new_city: text(label('城市', 'City')),
    new_phone: text(label('电话', 'Phone')),
    new_amount: money(label('金额', 'Amount')),
  },
  views: {
    all: {
      label: label('全部', 'All'),
      columns: ['new_kind', 'new_name', 'new_state', 'new_city', 'new_level', 'new_phone', 'new_amount'],
      orderBy: [],
    },
    own: {
      label: label('自定义', 'Own'),
      columns: ['new_name', 'new_kind', 'new_city', 'new_phone'],
      orderBy: [],
      card: { tags: ['new_kind'], fields: ['new_phone'] },
    },
  },
});

describe('a phone card derived from the model', () => {
  it('status-like: coloured options or a name ending in status/state, option sets only', () => {
    expect(statusLike('new_level', T.allFields.new_level)).toBe(true);
    expect(statusLike('new_state', T.allFields.new_state)).toBe(true);
    expect(statusLike('new_kind', T.allFields.new_kind)).toBe(false);
    expect(statusLike('new_status', T.allFields.new_city)).toBe(false);
  });

  it('tags are the shown status-like columns, fields the next three others (the name is the title)', () => {
    const v = T.views.all;
    expect(cardLayout(T, v, v.columns)).toEqual({ tags: ['new_state', 'new_level'], fields: ['new_kind', 'new_city', 'new_phone'] });
    // Columns the user hid are not on the card either.
    expect(cardLayout(T, v, ['new_name', 'new_level', 'new_amount'])).toEqual({ tags: ['new_level'], fields: ['new_amount'] });
  });

  it("a view's card names its own tags and fields", () => {
    const v = T.views.own;
    expect(cardLayout(T, v, v.columns)).toEqual({ tags: ['new_kind'], fields: ['new_phone'] });
  });

  it('work orders: both statuses as tags; the views say customer, worker or address, appointment', () => {
    const wo = getEntity('new_srv_workorder')!;
    const shown = (v: string) => wo.views[v].columns.filter((c) => !wo.views[v].hidden?.includes(c));
    expect(cardLayout(wo, wo.views.all, shown('all'))).toEqual({
      tags: ['new_dealstatus', 'new_status'],
      fields: ['new_customer', 'new_worker_id', 'new_appointmenttime'],
    });
    expect(cardLayout(wo, wo.views.mine, shown('mine')).fields).toEqual(['new_customer', 'new_address', 'new_appointmenttime']);
    // A view without an override: derived.
    expect(cardLayout(wo, wo.views.open, shown('open'))).toEqual({
      tags: ['new_dealstatus'],
      fields: ['new_type', 'new_customer', 'new_station_id'],
    });
  });

  it('a tag saying the same words as one before it is left out', () => {
    const wo = getEntity('new_srv_workorder')!;
    const tags = ['new_dealstatus', 'new_status'];
    // Both 已派工 after dispatch: one tag; 已完工 and 已付款 after payment: two.
    expect(distinctTags(wo, tags, { new_dealstatus: 2, new_status: workOrderStatus.dispatched }, 'zh-CN')).toEqual(['new_dealstatus']);
    expect(distinctTags(wo, tags, { new_dealstatus: 7, new_status: workOrderStatus.paid }, 'zh-CN')).toEqual(tags);
  });
});
