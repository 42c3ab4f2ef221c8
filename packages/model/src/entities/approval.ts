import { bool, dateTime, defineEntity, int, label, lookup, memo, money, optionSet, text } from '../define.ts';
import { approvalStepStatus, flowApproverType } from '../option-sets/approval.ts';

/** An approval flow of one document type (spec 000 §3). */
export const flow = defineEntity({
  logicalName: 'new_flow',
  entitySet: 'new_flows',
  label: label('审批流程', 'Approval flow'),
  scope: { kind: 'global' },
  access: { read: 'flow.manage', write: 'flow.manage' },
  fields: {
    new_name: text(label('流程名称', 'Flow name'), { required: true, searchable: true, maxLength: 100 }),
    new_entityname: text(label('单据实体', 'Document entity'), { required: true, maxLength: 100, indexed: true }),
    new_description: memo(label('描述', 'Description'), { maxLength: 500 }),
    new_isactive: bool(label('启用', 'Active')),
    new_allowselfapprove: bool(label('允许审批自己提交的单据', 'Allow self-approval')),
    new_condition_min: money(label('金额下限', 'Minimum amount'), { min: 0 }),
    new_condition_max: money(label('金额上限', 'Maximum amount'), { min: 0 }),
    new_order: int(label('排序', 'Order'), { min: 0, max: 9999 }),
  },
  views: {
    all: {
      label: label('全部审批流程', 'All approval flows'),
      columns: [
        'new_name',
        'new_entityname',
        'new_isactive',
        'new_condition_min',
        'new_condition_max',
        'new_order',
        'new_allowselfapprove',
      ],
      orderBy: [['new_order', 'asc']],
    },
  },
  forms: {
    main: [
      {
        key: 'basic',
        label: label('流程信息', 'Flow'),
        fields: ['new_name', 'new_entityname', 'new_isactive', 'new_allowselfapprove', 'new_order', 'new_description'],
      },
      { key: 'condition', label: label('适用条件', 'Condition'), fields: ['new_condition_min', 'new_condition_max'] },
    ],
  },
});

/** One step of a flow. The logical name follows the CRM (`new_flowstepsid`). */
export const flowSteps = defineEntity({
  logicalName: 'new_flowsteps',
  entitySet: 'new_flowstepses',
  label: label('审批步骤', 'Approval step'),
  scope: { kind: 'global' },
  access: { read: 'flow.manage', write: 'flow.manage' },
  fields: {
    new_name: text(label('步骤名称', 'Step name'), { required: true, searchable: true, maxLength: 100 }),
    new_flow_id: lookup('new_flow', label('审批流程', 'Approval flow'), { required: true, indexed: true }),
    new_sequence: int(label('序号', 'Sequence'), { required: true, min: 1, max: 99 }),
    new_approvertype: optionSet(flowApproverType, undefined, { required: true }),
    new_flowrole_id: lookup('new_flowrole', label('审批角色', 'Flow role')),
  },
  views: {
    all: {
      label: label('全部审批步骤', 'All approval steps'),
      columns: ['new_flow_id', 'new_sequence', 'new_name', 'new_approvertype', 'new_flowrole_id'],
      orderBy: [['new_sequence', 'asc']],
    },
  },
  forms: {
    main: [
      {
        key: 'basic',
        label: label('步骤信息', 'Step'),
        fields: ['new_flow_id', 'new_sequence', 'new_name', 'new_approvertype', 'new_flowrole_id'],
      },
    ],
  },
});

/** A user named as approver of a step (approver type "Users"). */
export const flowStepUser = defineEntity({
  logicalName: 'new_flowstepuser',
  entitySet: 'new_flowstepusers',
  label: label('步骤审批人', 'Step approver'),
  scope: { kind: 'global' },
  access: { read: 'flow.manage', write: 'flow.manage' },
  fields: {
    new_name: text(label('名称', 'Name'), { maxLength: 100 }),
    new_flowstep_id: lookup('new_flowsteps', label('审批步骤', 'Approval step'), { required: true, indexed: true }),
    new_systemuser_id: lookup('systemuser', label('审批人', 'Approver'), { required: true }),
  },
  views: {
    all: {
      label: label('全部步骤审批人', 'All step approvers'),
      columns: ['new_flowstep_id', 'new_systemuser_id'],
      orderBy: [['createdon', 'asc']],
    },
  },
});

/** A flow role: a named group of approvers (approver type "Flow role"). */
export const flowRole = defineEntity({
  logicalName: 'new_flowrole',
  entitySet: 'new_flowroles',
  label: label('审批角色', 'Flow role'),
  scope: { kind: 'global' },
  access: { read: 'flow.manage', write: 'flow.manage' },
  fields: {
    new_name: text(label('角色名称', 'Role name'), { required: true, unique: true, searchable: true, maxLength: 100 }),
    new_description: memo(label('描述', 'Description'), { maxLength: 500 }),
  },
  views: {
    all: { label: label('全部审批角色', 'All flow roles'), columns: ['new_name', 'new_description'], orderBy: [['new_name', 'asc']] },
  },
  forms: {
    main: [{ key: 'basic', label: label('角色信息', 'Flow role'), fields: ['new_name', 'new_description'] }],
  },
});

/** A member of a flow role. */
export const flowRoleUser = defineEntity({
  logicalName: 'new_flowroleuser',
  entitySet: 'new_flowroleusers',
  label: label('审批角色成员', 'Flow role member'),
  scope: { kind: 'global' },
  access: { read: 'flow.manage', write: 'flow.manage' },
  fields: {
    new_name: text(label('名称', 'Name'), { maxLength: 100 }),
    new_flowrole_id: lookup('new_flowrole', label('审批角色', 'Flow role'), { required: true, indexed: true }),
    new_systemuser_id: lookup('systemuser', label('成员', 'Member'), { required: true }),
  },
  views: {
    all: {
      label: label('全部角色成员', 'All members'),
      columns: ['new_flowrole_id', 'new_systemuser_id'],
      orderBy: [['createdon', 'asc']],
    },
  },
});

/** One action on a document's approval (served only through the CrmFlow calls). */
export const approvalLog = defineEntity({
  logicalName: 'new_approvallog',
  entitySet: 'new_approvallogs',
  label: label('审批日志', 'Approval log'),
  scope: { kind: 'system' },
  fields: {
    new_name: text(label('操作', 'Action name'), { maxLength: 100 }),
    new_entityname: text(label('单据实体', 'Document entity'), { maxLength: 100 }),
    new_recordid: text(label('单据编号', 'Document id'), { maxLength: 36, indexed: true }),
    new_action: text(label('动作', 'Action'), { maxLength: 20 }),
    new_stepname: text(label('步骤', 'Step'), { maxLength: 100 }),
    new_user_id: lookup('systemuser', label('处理人', 'User')),
    new_memo: memo(label('审批意见', 'Memo'), { maxLength: 500 }),
  },
});

/** One step of one approval round of a document (progress). */
export const approvalStep = defineEntity({
  logicalName: 'new_approvalstep',
  entitySet: 'new_approvalsteps',
  label: label('审批进度', 'Approval progress'),
  scope: { kind: 'system' },
  fields: {
    new_entityname: text(label('单据实体', 'Document entity'), { maxLength: 100 }),
    new_recordid: text(label('单据编号', 'Document id'), { maxLength: 36, indexed: true }),
    new_round: int(label('轮次', 'Round')),
    new_flowstep_id: lookup('new_flowsteps', label('审批步骤', 'Approval step')),
    new_sequence: int(label('序号', 'Sequence')),
    new_name: text(label('步骤名称', 'Step name'), { maxLength: 100 }),
    new_approver_id: lookup('systemuser', label('审批人', 'Approver')),
    new_status: optionSet(approvalStepStatus),
    new_actedon: dateTime(label('处理时间', 'Acted on')),
  },
  indexes: [['new_recordid', 'new_round']],
});
