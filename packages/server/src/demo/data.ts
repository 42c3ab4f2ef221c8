import type { Privilege } from '@portal/model';
import { ALL_PRIVILEGES } from '@portal/model';

/** The demo organisation: a Chinese equipment maker's after-sales network (see README). */
export const DEMO_PASSWORD = 'Demo@2026';

export const DEMO_UNITS = [
  { code: 'HQ', name: '华辰智能装备股份有限公司', type: 1, parent: null },
  { code: 'BR-HD', name: '华东分公司', type: 2, parent: 'HQ' },
  { code: 'BR-HN', name: '华南分公司', type: 2, parent: 'HQ' },
  { code: 'ST-SH001', name: '上海浦东华辰服务站', type: 3, parent: 'BR-HD' },
  { code: 'ST-ZJ001', name: '杭州西湖华辰服务站', type: 3, parent: 'BR-HD' },
  { code: 'ST-GD001', name: '广州天河华辰服务站', type: 3, parent: 'BR-HN' },
  { code: 'SP-SZ001', name: '深圳南山华辰体验店', type: 4, parent: 'BR-HN' },
  { code: 'WH-HQ', name: '华辰总部中心库', type: 5, parent: 'HQ' },
  { code: 'WH-HD', name: '华东中心库', type: 5, parent: 'BR-HD' },
  { code: 'WH-HN', name: '华南中心库', type: 5, parent: 'BR-HN' },
] as const;

export const DEMO_STATIONS = [
  {
    unit: 'ST-SH001', new_code: 'SH001', new_name: '上海浦东华辰服务站', new_type: 1, new_level: 1, new_region: 2,
    new_province: '上海市', new_city: '上海市', new_county: '浦东新区', new_address: '张江高科技园区碧波路 690 号',
    new_postalcode: '201203', new_phone: '021-58956321', new_fax: '021-58956322', new_email: 'sh001@huachen-service.cn',
    new_siteowner: '陈志强', new_limitamount: true, new_beginamount: '200000.00', new_currentamount: '156800.00',
  },
  {
    unit: 'ST-ZJ001', new_code: 'ZJ001', new_name: '杭州西湖华辰服务站', new_type: 2, new_level: 2, new_region: 2,
    new_province: '浙江省', new_city: '杭州市', new_county: '西湖区', new_address: '文三路 199 号创业大厦 5 楼',
    new_postalcode: '310012', new_phone: '0571-88231567', new_fax: '', new_email: 'zj001@huachen-service.cn',
    new_siteowner: '刘洋', new_limitamount: true, new_beginamount: '120000.00', new_currentamount: '98450.00',
  },
  {
    unit: 'ST-GD001', new_code: 'GD001', new_name: '广州天河华辰服务站', new_type: 3, new_level: 1, new_region: 3,
    new_province: '广东省', new_city: '广州市', new_county: '天河区', new_address: '天河北路 233 号中信广场 18 楼',
    new_postalcode: '510620', new_phone: '020-38772233', new_fax: '020-38772234', new_email: 'gd001@huachen-service.cn',
    new_siteowner: '黄国平', new_limitamount: false, new_beginamount: '300000.00', new_currentamount: '300000.00',
  },
] as const;

const P = (...p: Privilege[]) => p;
export const DEMO_ROLES: { code: string; name: string; description: string; privileges: Privilege[] }[] = [
  { code: 'R01-ADMIN', name: '系统管理员', description: '维护用户、角色、流程与系统参数', privileges: ALL_PRIVILEGES },
  {
    code: 'R02-HQ', name: '总部审批员', description: '总部售后管理与审批',
    privileges: P('portal.login', 'station.read', 'station.write', 'worker.read', 'workorder.read', 'workorder.all', 'workorder.write', 'workorder.dispatch', 'workorder.audit', 'parts.read', 'stock.read',
      'stock.adjust', 'stock.limit', 'invtask.manage', 'delivery.read', 'transfer.write',
      'quota.read', 'quota.adjust', 'expense.read', 'expense.write', 'approval.act', 'notice.read', 'notice.publish', 'sales.read',
      'kb.read', 'kb.write', 'product.read', 'product.write'),
  },
  {
    code: 'R03-BRANCH', name: '分公司审批员', description: '分公司辖区服务站的管理与审批',
    privileges: P('portal.login', 'station.read', 'worker.read', 'workorder.read', 'workorder.all', 'workorder.dispatch', 'workorder.audit', 'parts.read', 'stock.read',
      'delivery.read', 'quota.read', 'expense.read', 'approval.act', 'notice.read', 'sales.read', 'kb.read', 'product.read'),
  },
  {
    code: 'R04-STATION', name: '服务站站长', description: '服务站负责人',
    privileges: P('portal.login', 'station.read', 'station.apply', 'worker.read', 'worker.write', 'workorder.read', 'workorder.all', 'workorder.write', 'workorder.dispatch',
      'parts.read', 'parts.write', 'parts.receive', 'stock.read', 'stock.write', 'quota.read', 'expense.read', 'notice.read', 'shop.buy',
      'product.read', 'sales.read', 'kb.read'),
  },
  // The engineer reads and services only the orders dispatched to them (no workorder.all, no workorder.write).
  { code: 'R05-ENGINEER', name: '服务人员', description: '服务站工程师：处理派给本人的工单', privileges: P('portal.login', 'workorder.read', 'workorder.service', 'parts.read', 'notice.read', 'kb.read') },
  {
    code: 'R06-WAREHOUSE', name: '仓库人员', description: '中心库管理：发货、拣货、包装、出库、发运、收货、调拨与盘点',
    privileges: P('portal.login', 'parts.read', 'stock.read', 'stock.write', 'stock.adjust', 'delivery.read', 'delivery.create', 'delivery.pick', 'delivery.pack',
      'delivery.out', 'delivery.ship', 'parts.receive', 'transfer.write', 'notice.read', 'kb.read', 'product.read'),
  },
  { code: 'R07-STORE', name: '门店用户', description: '门店门户下单与销售单据', privileges: P('portal.store.login', 'shop.buy', 'sales.read', 'sales.write', 'notice.read', 'product.read', 'kb.read') },
  { code: 'R08-GUEST', name: '访客', description: '未开通门户权限的账号', privileges: P('notice.read') },
  { code: 'R09-PICKER', name: '仓库拣货员', description: '按发货单拣货', privileges: P('portal.login', 'parts.read', 'stock.read', 'delivery.read', 'delivery.pick', 'notice.read', 'product.read') },
  { code: 'R10-PACKER', name: '仓库包装员', description: '拣货完成后包装', privileges: P('portal.login', 'parts.read', 'stock.read', 'delivery.read', 'delivery.pack', 'notice.read', 'product.read') },
  { code: 'R11-DELIVERY', name: '仓库出库员', description: '确认出库', privileges: P('portal.login', 'parts.read', 'stock.read', 'delivery.read', 'delivery.out', 'notice.read', 'product.read') },
  { code: 'R12-SHIPPER', name: '发运员', description: '登记物流并发运', privileges: P('portal.login', 'parts.read', 'stock.read', 'delivery.read', 'delivery.ship', 'notice.read', 'product.read') },
  { code: 'R13-RECEIVER', name: '收货员', description: '签收到货', privileges: P('portal.login', 'parts.read', 'stock.read', 'delivery.read', 'parts.receive', 'notice.read', 'product.read') },
];

export const DEMO_USERS = [
  { login: 'admin', fullname: '王建国', unit: 'HQ', station: null, mobile: '13800138000', title: '信息部经理', userType: 1, roles: ['R01-ADMIN'] },
  { login: 'hq', fullname: '李慧敏', unit: 'HQ', station: null, mobile: '13900139001', title: '售后服务部主管', userType: 1, roles: ['R02-HQ'] },
  { login: 'branch1', fullname: '张伟', unit: 'BR-HD', station: null, mobile: '13900139002', title: '华东分公司服务经理', userType: 2, roles: ['R03-BRANCH'] },
  { login: 'station1', fullname: '陈志强', unit: 'ST-SH001', station: 'SH001', mobile: '13800138001', title: '站长', userType: 3, roles: ['R04-STATION'] },
  { login: 'station2', fullname: '刘洋', unit: 'ST-ZJ001', station: 'ZJ001', mobile: '13800138002', title: '站长', userType: 3, roles: ['R04-STATION'] },
  { login: 'engineer1', fullname: '赵磊', unit: 'ST-SH001', station: 'SH001', mobile: '15800158003', title: '高级工程师', userType: 3, roles: ['R05-ENGINEER'] },
  { login: 'warehouse1', fullname: '孙丽', unit: 'WH-HD', station: null, mobile: '15800158004', title: '华东中心库管理员', userType: 2, roles: ['R06-WAREHOUSE'] },
  { login: 'store1', fullname: '周婷', unit: 'SP-SZ001', station: null, mobile: '18800188005', title: '店长', userType: 4, roles: ['R07-STORE'] },
  { login: 'guest', fullname: '吴敏', unit: 'HQ', station: null, mobile: '18800188006', title: '实习生', userType: 1, roles: ['R08-GUEST'] },
  { login: 'picker1', fullname: '马俊', unit: 'WH-HD', station: null, mobile: '15800158007', title: '华东中心库拣货包装员', userType: 2, roles: ['R09-PICKER', 'R10-PACKER'] },
  { login: 'shipper1', fullname: '何永刚', unit: 'WH-HD', station: null, mobile: '15800158008', title: '华东中心库出库发运员', userType: 2, roles: ['R11-DELIVERY', 'R12-SHIPPER'] },
] as const;

export const DEMO_LANGUAGES = [
  { new_code: 'zh-CN', new_name: '中文(简体)', new_displayname: '简体中文', new_langid: 2052 },
  { new_code: 'en-US', new_name: 'English', new_displayname: 'English', new_langid: 1033 },
];

/** Texts maintained in the database: they override the built-in tables. */
export const DEMO_LANGUAGE_CONFIGS = [
  { key: 'app.title', 2052: '华辰售后服务门户', 1033: 'Huachen After-sales Portal' },
  { key: 'app.storeTitle', 2052: '华辰门店门户', 1033: 'Huachen Store Portal' },
];

export const DEMO_PARAMETERS = [
  { name: 'CurrencyUnit', value: '元' },
  { name: 'ExpenseDoubtWorkingDays', value: '2' },
  { name: 'ServiceHotline', value: '400-820-6688' },
  { name: 'AttachmentMaxMB', value: '50' },
];
