import { label, type Label } from '../define.ts';

/**
 * Action names a role can grant. The user's `privilege` list sent to the web app is the union
 * over the user's roles; routes and the privilege directive read it, the server enforces it.
 */
export const PRIVILEGES = {
  'portal.login': label('登录服务门户', 'Sign in to the service portal'),
  'portal.store.login': label('登录门店门户', 'Sign in to the store portal'),
  'system.admin': label('系统管理', 'System administration'),
  'user.manage': label('用户管理', 'Manage users'),
  'station.read': label('查看服务站', 'View service stations'),
  'station.write': label('维护服务站', 'Maintain service stations'),
  'station.apply': label('服务站申请（变更、续约、退出）', 'Apply for station changes, continuation or exit'),
  'worker.read': label('查看服务人员', 'View service personnel'),
  'worker.write': label('维护服务人员', 'Maintain service personnel'),
  'workorder.read': label('查看服务工单', 'View work orders'),
  'workorder.write': label('维护服务工单', 'Maintain work orders'),
  // Reach: without it a caller sees only the orders assigned to them and what hangs off those
  // (lines, returns, applications, extensions, cases, contracts: scope `assignee`).
  'workorder.all': label('查看所辖全部工单', 'See every work order in reach'),
  // The engineer's part of an order: appointment, progress, photos, completion and its detail lines.
  'workorder.service': label('处理服务工单', 'Service work orders'),
  'workorder.dispatch': label('派工', 'Dispatch work orders'),
  'workorder.audit': label('审核工单', 'Audit work orders'),
  'parts.read': label('查看配件业务', 'View parts business'),
  'parts.write': label('维护配件业务', 'Maintain parts business'),
  'stock.read': label('查看库存', 'View stock'),
  'stock.write': label('库存作业', 'Stock operations'),
  'stock.adjust': label('确认盘点差异', 'Confirm count variances'),
  'stock.limit': label('维护库存上下限', 'Maintain inventory limits'),
  'invtask.manage': label('下达盘点任务', 'Release inventory tasks'),
  'warehouse.manage': label('维护仓库', 'Maintain warehouses'),
  'delivery.read': label('查看发货与调拨', 'View deliveries and transfers'),
  'delivery.create': label('创建发货单', 'Create deliveries'),
  'delivery.pick': label('拣货', 'Pick deliveries'),
  'delivery.pack': label('包装', 'Pack deliveries'),
  'delivery.out': label('出库', 'Deliver stock out'),
  'delivery.ship': label('发运', 'Ship deliveries'),
  'parts.receive': label('签收', 'Receive deliveries'),
  'transfer.write': label('配件调拨', 'Transfer parts'),
  'quota.read': label('查看站点额度', 'View station quota'),
  'quota.adjust': label('调整站点额度', 'Adjust station quota'),
  'expense.read': label('查看费用结算', 'View expense settlement'),
  'expense.write': label('费用结算', 'Expense settlement'),
  'approval.act': label('审批', 'Approve documents'),
  'flow.manage': label('审批流程配置', 'Configure approval flows'),
  'notice.read': label('查看公告', 'Read notices'),
  'notice.publish': label('发布公告', 'Publish notices'),
  'shop.buy': label('商城下单', 'Order in the shop'),
  'sales.read': label('查看销售单据', 'View sales documents'),
  'sales.write': label('维护销售单据', 'Maintain sales documents'),
  // The sales side (issue 27): the upstream audits orders, ships them; the receiving unit signs for them.
  'sales.audit': label('审核销售订单', 'Audit sales orders'),
  'sales.ship': label('销售发货', 'Ship sales orders'),
  'sales.sign': label('销售签收', 'Sign for shipments'),
  'sales.price': label('维护价格表', 'Maintain the price list'),
  'finance.manage': label('销售财务（开票、回款确认）', 'Sales finance (invoices, receipt confirmation)'),
  // Issue 28: a dealer applies for marketing funds and reports its forecasts; a branch inspector
  // checks an activity on site; head-office sales keeps salesmen and targets.
  'funds.apply': label('申请市场费用与活动', 'Apply for marketing funds and activities'),
  'funds.check': label('活动稽核', 'Check activities on site'),
  'sales.target': label('业务员与销售目标', 'Salesmen and sales targets'),
  'sales.forecast': label('销售预测', 'Sales forecasts'),
  // A salesman's own card (/salesman/view): the dealers they serve and their targets.
  'sales.salesman': label('业务员（本人的经销商与目标）', 'Salesman (own dealers and targets)'),
  // Issue 29: a salesman works his own leads and opportunities; his unit's sales managers see all of the unit's.
  'sales.lead': label('线索与商机', 'Leads and opportunities'),
  'sales.leadall': label('查看本部门全部线索与商机', 'See every lead and opportunity of the unit'),
  'dealer.manage': label('经销商用户中心（门店、客户、员工、仓库）', 'Dealer user centre (stores, customers, staff, warehouses)'),
  'kb.read': label('查看知识库', 'Read the knowledge base'),
  'kb.write': label('维护知识库', 'Maintain the knowledge base'),
  'product.read': label('查看产品', 'View products'),
  'product.write': label('维护产品', 'Maintain products'),
  'language.manage': label('多语言维护', 'Maintain languages'),
  'parameter.manage': label('系统参数维护', 'Maintain system parameters'),
} as const satisfies Record<string, Label>;

export type Privilege = keyof typeof PRIVILEGES;
export const ALL_PRIVILEGES = Object.keys(PRIVILEGES) as Privilege[];
