import { bool, date, defineEntity, label, lookup, memo, optionSet, text, type FieldDef, type Label } from '../define.ts';
import { stationLevel, stationType } from '../option-sets/organisation.ts';
import { stationApplyType } from '../option-sets/station-apply.ts';
import { STATIONS } from '../screens.ts';

/**
 * The station fields a change application may ask to change (the station's own data: name,
 * contacts, address, site owner, level and type; never its code, region or quota). Each has the
 * station's value at creation (refreshed on submit and approval: `current`) beside the proposed one.
 */
export const STATION_CHANGE_FIELDS = [
  { station: 'new_name', current: 'new_oldname', proposed: 'new_newname' },
  { station: 'new_type', current: 'new_oldtype', proposed: 'new_newtype' },
  { station: 'new_level', current: 'new_oldlevel', proposed: 'new_newlevel' },
  { station: 'new_siteowner', current: 'new_oldsiteowner', proposed: 'new_newsiteowner' },
  { station: 'new_province', current: 'new_oldprovince', proposed: 'new_newprovince' },
  { station: 'new_city', current: 'new_oldcity', proposed: 'new_newcity' },
  { station: 'new_county', current: 'new_oldcounty', proposed: 'new_newcounty' },
  { station: 'new_address', current: 'new_oldaddress', proposed: 'new_newaddress' },
  { station: 'new_postalcode', current: 'new_oldpostalcode', proposed: 'new_newpostalcode' },
  { station: 'new_phone', current: 'new_oldphone', proposed: 'new_newphone' },
  { station: 'new_fax', current: 'new_oldfax', proposed: 'new_newfax' },
  { station: 'new_email', current: 'new_oldemail', proposed: 'new_newemail' },
] as const;

const pair = (l: Label, make: (l: Label, readOnly: boolean) => FieldDef): [FieldDef, FieldDef] => [
  make(label(`当前${l['zh-CN']}`, `Current ${l['en-US'].toLowerCase()}`), true),
  make(label(`新${l['zh-CN']}`, `New ${l['en-US'].toLowerCase()}`), false),
];
const textPair = (l: Label, maxLength: number, pattern?: 'phone' | 'email') =>
  pair(l, (fl, readOnly) => text(fl, { maxLength, readOnly, ...(pattern && !readOnly ? { pattern } : {}) }));
const PAIRS: Record<string, [FieldDef, FieldDef]> = {
  new_name: textPair(label('服务站名称', 'Station name'), 100),
  new_type: pair(label('服务站类型', 'Station type'), (fl, readOnly) => optionSet(stationType, fl, { readOnly })),
  new_level: pair(label('服务站级别', 'Station level'), (fl, readOnly) => optionSet(stationLevel, fl, { readOnly })),
  new_siteowner: textPair(label('站长', 'Site owner'), 60),
  new_province: textPair(label('省份', 'Province'), 40),
  new_city: textPair(label('城市', 'City'), 40),
  new_county: textPair(label('区县', 'County'), 40),
  new_address: textPair(label('详细地址', 'Address'), 200),
  new_postalcode: textPair(label('邮政编码', 'Postal code'), 10),
  new_phone: textPair(label('电话', 'Phone'), 30, 'phone'),
  new_fax: textPair(label('传真', 'Fax'), 30),
  new_email: textPair(label('电子邮件', 'E-mail'), 100, 'email'),
};
const changeFields: Record<string, FieldDef> = {};
for (const f of STATION_CHANGE_FIELDS) [changeFields[f.current], changeFields[f.proposed]] = PAIRS[f.station];

/**
 * Station application (服务站申请, spec 001 §3 "station apply"): a station asks head office to
 * change its data (变更), continue its contract term (续约) or let it exit (退出), through an
 * approval flow. The final approval applies it to the station in the same transaction
 * (server domain/station-apply). One open application (draft, under review, rejected) per station and type.
 */
export const stationApply = defineEntity({
  logicalName: 'new_srv_stationapply',
  entitySet: 'new_srv_stationapplys',
  label: label('服务站申请', 'Station application'),
  scope: { kind: 'station', field: 'new_station_id' },
  access: { read: 'station.read', write: 'station.apply' },
  screens: {
    list: {
      name: 'stationApplyList',
      path: '/basicData/stationapplylist',
      keepAlive: true,
      page: 'StationApplyListPage',
      menu: { group: 'base', order: 20, key: 'stationApply', label: 'menu.stationApply', units: STATIONS },
    },
    edit: { name: 'stationChangeApplyEdit', path: '/basicData/stationchangeapply/edit/:id', page: 'StationChangeApplyPage' },
  },
  document: { number: { prefix: 'SQ', period: 'month' }, approval: { commit: 'new_iscommit' } },
  attachments: true,
  fields: {
    new_name: text(label('申请单号', 'Number'), { readOnly: true, searchable: true, maxLength: 40, indexed: true }),
    new_applytype: optionSet(stationApplyType, undefined, { required: true, indexed: true }),
    new_station_id: lookup('new_srv_station', label('服务站', 'Service station'), { required: true, indexed: true }),
    new_reason: memo(label('申请原因', 'Reason'), { required: true, searchable: true, maxLength: 500 }),
    ...changeFields,
    new_oldtermenddate: date(label('当前合同到期日期', 'Current contract term end'), { readOnly: true }),
    new_newtermenddate: date(label('新合同到期日期', 'New contract term end')),
    new_exitdate: date(label('退出日期', 'Exit date')),
    new_iscommit: bool(label('已提交', 'Submitted'), { readOnly: true }),
  },
  indexes: [['new_station_id', 'new_applytype']],
  views: {
    all: {
      label: label('全部服务站申请', 'All station applications'),
      columns: [
        'new_name',
        'new_applytype',
        'new_station_id',
        'new_reason',
        'new_approvalstatus',
        'new_stepname',
        'new_approvedtime',
        'createdon',
      ],
      orderBy: [['createdon', 'desc']],
    },
  },
  forms: {
    main: [
      {
        key: 'basic',
        label: label('基本信息', 'Basic information'),
        fields: ['new_name', 'new_applytype', 'new_station_id', 'new_reason'],
      },
      { key: 'change', label: label('变更内容', 'Changes'), fields: STATION_CHANGE_FIELDS.flatMap((f) => [f.current, f.proposed]) },
      { key: 'continue', label: label('续约', 'Continuation'), fields: ['new_oldtermenddate', 'new_newtermenddate'] },
      { key: 'exit', label: label('退出', 'Exit'), fields: ['new_exitdate'] },
    ],
  },
});

/** The form fields that belong to one application type only (hidden on the other types' screens). */
export const STATION_APPLY_TYPE_FIELDS: Record<'change' | 'continue' | 'exit', string[]> = {
  change: STATION_CHANGE_FIELDS.flatMap((f) => [f.current, f.proposed]),
  continue: ['new_oldtermenddate', 'new_newtermenddate'],
  exit: ['new_exitdate'],
};
