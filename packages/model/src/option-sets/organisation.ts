import { defineNamedOptionSet, defineOptionSet, label } from '../define.ts';

export const businessUnitType = defineNamedOptionSet('businessunit_type', label('组织类型', 'Unit type'), {
  headOffice: { value: 1, label: label('总部', 'Head office') },
  branch: { value: 2, label: label('分公司', 'Branch') },
  station: { value: 3, label: label('服务站', 'Service station') },
  store: { value: 4, label: label('门店', 'Store') },
  warehouse: { value: 5, label: label('中心库', 'Central warehouse') },
  dealer: { value: 6, label: label('经销商', 'Dealer') },
});

/** spec 001 §9: self-employed or self-operated, partner or third party, owned or central warehouse. */
export const stationType = defineOptionSet('new_srv_station_type', label('服务站类型', 'Station type'), [
  { value: 1, label: label('自营', 'Self-operated') },
  { value: 2, label: label('合作（第三方）', 'Partner (third party)') },
  { value: 3, label: label('自有中心库', 'Owned central warehouse') },
] as const);

/** spec 001 §9: station levels 1 to 3. */
export const stationLevel = defineOptionSet('new_srv_station_level', label('服务站级别', 'Station level'), [
  { value: 1, label: label('一级', 'Level 1') },
  { value: 2, label: label('二级', 'Level 2') },
  { value: 3, label: label('三级', 'Level 3') },
] as const);

export const serviceRegion = defineOptionSet('new_region', label('大区', 'Region'), [
  { value: 1, label: label('华北', 'North China') },
  { value: 2, label: label('华东', 'East China') },
  { value: 3, label: label('华南', 'South China') },
  { value: 4, label: label('华中', 'Central China') },
  { value: 5, label: label('西南', 'Southwest') },
  { value: 6, label: label('西北', 'Northwest') },
  { value: 7, label: label('东北', 'Northeast') },
] as const);

export const userType = defineNamedOptionSet('systemuser_usertype', label('用户类型', 'User type'), {
  headOffice: { value: 1, label: label('总部员工', 'Head-office staff') },
  branch: { value: 2, label: label('分公司员工', 'Branch staff') },
  station: { value: 3, label: label('服务站人员', 'Station staff') },
  store: { value: 4, label: label('门店用户', 'Store user') },
  partner: { value: 5, label: label('合作伙伴', 'Partner') },
  dealer: { value: 6, label: label('经销商人员', 'Dealer staff') },
});

export const operationSource = defineOptionSet('new_operationlog_source', label('来源', 'Source'), [
  { value: 1, label: label('CRM', 'CRM') },
  { value: 2, label: label('门户', 'Portal') },
] as const);

export const operationResult = defineOptionSet('new_operationlog_result', label('结果', 'Result'), [
  { value: 1, label: label('成功', 'Success') },
  { value: 2, label: label('失败', 'Failure') },
  { value: 3, label: label('拒绝', 'Refused') },
] as const);
