import { bool, date, defineEntity, label, lookup, money, optionSet, text } from '../define.ts';
import { serviceRegion, stationLevel, stationType } from '../option-sets/organisation.ts';

/** Service station, with every field of spec 001 §3. Each station has its own business unit. */
export const serviceStation = defineEntity({
  logicalName: 'new_srv_station',
  entitySet: 'new_srv_stations',
  label: label('服务站', 'Service station'),
  scope: { kind: 'station', field: 'new_srv_stationid' },
  access: { read: 'station.read', write: 'station.write' },
  attachments: true,
  fields: {
    new_name: text(label('服务站名称', 'Station name'), { required: true, searchable: true }),
    new_code: text(label('服务站编码', 'Station code'), { required: true, unique: true, searchable: true, maxLength: 40 }),
    new_type: optionSet(stationType),
    new_level: optionSet(stationLevel),
    new_region: optionSet(serviceRegion),
    new_province: text(label('省份', 'Province'), { maxLength: 40 }),
    new_city: text(label('城市', 'City'), { maxLength: 40 }),
    new_county: text(label('区县', 'County'), { maxLength: 40 }),
    new_address: text(label('详细地址', 'Address'), { maxLength: 200 }),
    new_postalcode: text(label('邮政编码', 'Postal code'), { maxLength: 10 }),
    new_phone: text(label('电话', 'Phone'), { pattern: 'phone', maxLength: 30, searchable: true }),
    new_fax: text(label('传真', 'Fax'), { maxLength: 30 }),
    new_email: text(label('电子邮件', 'E-mail'), { pattern: 'email', maxLength: 100 }),
    new_siteowner: text(label('站长', 'Site owner'), { maxLength: 60, searchable: true }),
    // Contract term end: a continuation application (服务站申请, 续约) extends it once approved.
    new_termenddate: date(label('合同到期日期', 'Contract term end')),
    // Head office's quota decisions (a changed opening quota posts to the quota ledger).
    new_limitamount: bool(label('额度受控', 'Quota limited'), {
      trueLabel: label('是', 'Yes'),
      falseLabel: label('否', 'No'),
      edit: { privilege: 'quota.adjust' },
    }),
    new_beginamount: money(label('期初额度', 'Opening quota'), { edit: { privilege: 'quota.adjust' } }),
    new_currentamount: money(label('当前额度', 'Current quota'), { readOnly: true }),
    new_businessunit_id: lookup('businessunit', label('服务站组织', 'Station business unit'), { readOnly: true, indexed: true }),
  },
  // The quota ledger's backstop: a quota-limited station never goes below zero (domain/quota/ledger.ts).
  checks: { quota: 'NOT new_limitamount OR new_currentamount >= 0' },
  views: {
    active: {
      label: label('全部服务站', 'All stations'),
      columns: [
        'new_code',
        'new_name',
        'new_type',
        'new_level',
        'new_province',
        'new_city',
        'new_siteowner',
        'new_phone',
        'new_currentamount',
      ],
      orderBy: [['new_code', 'asc']],
    },
    quota: {
      label: label('站点额度', 'Station quota'),
      columns: ['new_code', 'new_name', 'new_region', 'new_limitamount', 'new_beginamount', 'new_currentamount'],
      orderBy: [['new_code', 'asc']],
    },
  },
  forms: {
    main: [
      {
        key: 'basic',
        label: label('基本信息', 'Basic information'),
        fields: ['new_name', 'new_code', 'new_type', 'new_level', 'new_region', 'new_siteowner', 'new_termenddate'],
      },
      {
        key: 'contact',
        label: label('联系方式', 'Contact'),
        fields: ['new_province', 'new_city', 'new_county', 'new_address', 'new_postalcode', 'new_phone', 'new_fax', 'new_email'],
      },
      { key: 'quota', label: label('额度', 'Quota'), fields: ['new_limitamount', 'new_beginamount', 'new_currentamount'] },
    ],
  },
});
