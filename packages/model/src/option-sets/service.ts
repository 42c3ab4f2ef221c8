import { defineNamedOptionSet, defineOptionSet, label } from '../define.ts';

export const sex = defineOptionSet('new_sex', label('性别', 'Sex'), [
  { value: 1, label: label('男', 'Male') },
  { value: 2, label: label('女', 'Female') },
] as const);

/** spec 001 §9: junior, mid-level, senior engineer. */
export const workerJob = defineOptionSet('new_srv_worker_job', label('岗位', 'Job'), [
  { value: 1, label: label('初级工程师', 'Junior engineer') },
  { value: 2, label: label('中级工程师', 'Mid-level engineer') },
  { value: 3, label: label('高级工程师', 'Senior engineer') },
] as const);

/** spec 001 §9: education levels primary to bachelor. */
export const educationLevel = defineOptionSet('new_educationlevel', label('学历', 'Education level'), [
  { value: 1, label: label('小学', 'Primary school') },
  { value: 2, label: label('初中', 'Junior high school') },
  { value: 3, label: label('高中', 'Senior high school') },
  { value: 4, label: label('中专', 'Technical secondary school') },
  { value: 5, label: label('大专', 'Junior college') },
  { value: 6, label: label('本科', 'Bachelor') },
] as const);

export const chargingMode = defineOptionSet('new_chargingmodetype', label('计费方式', 'Charging mode'), [
  { value: 1, label: label('按单计费', 'Per order') },
  { value: 2, label: label('按工时计费', 'Per working hour') },
  { value: 3, label: label('固定薪资', 'Fixed salary') },
] as const);

/** spec 001 §9: notice types. */
export const noticeType = defineOptionSet('new_notice_type', label('公告类型', 'Notice type'), [
  { value: 1, label: label('营销政策', 'Marketing policy') },
  { value: 2, label: label('管理政策', 'Management policy') },
  { value: 3, label: label('产品通知', 'Product notice') },
  { value: 4, label: label('行政通知', 'Administrative notice') },
  { value: 5, label: label('销售政策', 'Sales policy') },
  { value: 6, label: label('促销通知', 'Promotion notice') },
  { value: 7, label: label('新品发布', 'New product release') },
  { value: 8, label: label('其他', 'Others') },
] as const);

export const noticeStatus = defineNamedOptionSet('new_notice_status', label('发布状态', 'Publish state'), {
  draft: { value: 1, label: label('草稿', 'Draft') },
  published: { value: 2, label: label('已发布', 'Published') },
  withdrawn: { value: 3, label: label('已撤回', 'Withdrawn') },
});

/** spec 001 §4: KB article draft, unapproved, published. */
export const kbState = defineNamedOptionSet('new_kbarticle_state', label('文章状态', 'Article state'), {
  draft: { value: 1, label: label('草稿', 'Draft') },
  unapproved: { value: 2, label: label('未审核', 'Unapproved') },
  published: { value: 3, label: label('已发布', 'Published') },
});

/** spec 001 §4: product active, retired, draft, under revision. */
export const productState = defineNamedOptionSet('product_state', label('产品状态', 'Product state'), {
  active: { value: 0, label: label('有效', 'Active') },
  retired: { value: 1, label: label('已停用', 'Retired') },
  draft: { value: 2, label: label('草稿', 'Draft') },
  underRevision: { value: 3, label: label('修订中', 'Under revision') },
});

export const salesOrderStatus = defineNamedOptionSet('salesorder_status', label('订单状态', 'Order state'), {
  draft: { value: 1, label: label('待提交', 'To be submitted'), color: 'default' },
  submitted: { value: 2, label: label('已提交', 'Submitted'), color: 'orange' },
  audited: { value: 3, label: label('已审核', 'Audited'), color: 'blue' },
  partShipped: { value: 4, label: label('部分发货', 'Part shipped'), color: 'gold' },
  allShipped: { value: 5, label: label('全部发货', 'All shipped'), color: 'cyan' },
  cancelled: { value: 6, label: label('已取消', 'Cancelled'), color: 'default' },
  signed: { value: 7, label: label('已签收', 'Signed'), color: 'green' },
  partSigned: { value: 8, label: label('部分签收', 'Part signed'), color: 'volcano' },
});
