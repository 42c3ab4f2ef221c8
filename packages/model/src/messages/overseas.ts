import { label } from '../define.ts';

/** Texts of overseas work orders (海外工单): menu, refusals of the address rules, screen texts. */
export const overseasMessages = {
  'menu.overseas': label('海外工单', 'Overseas orders'),
  'overseas.countryRequired': label('海外工单必须选择国家/地区', 'An overseas work order needs its country/region'),
  'overseas.currencyRequired': label('海外工单必须选择币种', 'An overseas work order needs its currency'),
  'overseas.noChineseAddress': label(
    '海外工单不填写{field}，请选择国家/地区',
    'An overseas work order has no {field}: choose its country/region instead',
  ),
  'overseas.domesticNoCountry': label(
    '国内工单不填写国家/地区，海外客户请在海外工单中登记',
    'A domestic work order has no country/region: register an overseas customer as an overseas work order',
  ),
  'overseas.domesticCurrency': label(
    '国内工单的费用以人民币计，不能选择其他币种',
    'A domestic work order is in CNY: it cannot take another currency',
  ),
  'overseas.ui.create': label('新建海外工单', 'New overseas order'),
  'overseas.ui.amountsIn': label('金额币种：{currency}', 'Amounts in {currency}'),
} as const;
