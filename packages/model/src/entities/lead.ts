import { dateTime, defineEntity, label, lookup, memo, optionSet, text } from '../define.ts';
import { businessUnitType } from '../option-sets/organisation.ts';
import { leadDisqualifyReason, leadSource, leadState } from '../option-sets/leads.ts';

/*
 * Leads (线索, issue 29, /lead/*), after Dynamics 365 Sales: a person interested in the
 * manufacturer's products, owned by the salesman who works it (ownerid). Open while it is worked;
 * 认定 (qualify) makes an opportunity and, as the salesman chooses, a customer and a contact (or
 * takes existing ones), 取消资格 (disqualify) closes it with a reason: either leaves it read-only.
 * A salesman reaches his own leads, his unit's sales managers (sales.leadall) the unit's; people the
 * owner adds as collaborators (参与人) read it on /lead/joinview/:id and nothing else.
 * Business: server domain/leads/.
 */

const RO = { readOnly: true } as const;
/** Head office and branches keep the sales force. */
const UNITS = [businessUnitType.headOffice, businessUnitType.branch];
const COLUMNS = ['subject', 'fullname', 'mobilephone', 'companyname', 'leadsourcecode', 'new_leadstate', 'ownerid', 'createdon'];
const byState = (l: ReturnType<typeof label>, states: number[]) => ({
  label: l,
  columns: COLUMNS,
  orderBy: [['createdon', 'desc']] as [string, 'desc'][],
  filter: { new_leadstate: states },
});

export const lead = defineEntity({
  logicalName: 'lead',
  entitySet: 'leads',
  label: label('线索', 'Lead'),
  pluralLabel: label('线索', 'Leads'),
  primaryName: 'subject',
  scope: { kind: 'businessUnit', field: 'owningbusinessunit', assignee: { owner: 'ownerid', wide: 'sales.leadall' } },
  access: { read: 'sales.lead', write: 'sales.lead' },
  attachments: true,
  screens: {
    list: {
      name: 'leadList',
      path: '/lead/list',
      title: 'menu.leads',
      viewTabs: true,
      allowImport: false,
      menu: { group: 'salesmgmt', order: 1, key: 'leads', label: 'menu.leads', units: UNITS },
      page: 'LeadListPage',
    },
    create: { name: 'leadCreate', path: '/lead/create', page: 'LeadPage' },
    view: { name: 'leadView', path: '/lead/view/:id', page: 'LeadPage' },
  },
  document: {
    status: {
      field: 'new_leadstate',
      set: leadState,
      initial: leadState.open,
      editable: [leadState.open],
      deletable: [leadState.open],
      locked: 'lead.notOpen',
      deleteLocked: 'lead.notOpen',
    },
    lines: [{ entity: 'new_leadcollaborator', parent: 'new_lead_id' }],
    commands: {
      // The dialog is the lead page's own (existing customers and contacts offered); the body says what to make or take.
      qualify: {
        label: 'lead.qualify',
        from: [leadState.open],
        to: leadState.qualified,
        privilege: 'sales.lead',
        refused: 'lead.alreadyClosed',
      },
      disqualify: {
        label: 'lead.disqualify',
        from: [leadState.open],
        to: leadState.disqualified,
        privilege: 'sales.lead',
        inputs: ['new_disqualifyreason', 'new_disqualifynote'],
        refused: 'lead.alreadyClosed',
      },
    },
  },
  fields: {
    subject: text(label('主题', 'Topic'), { required: true, searchable: true, maxLength: 200 }),
    fullname: text(label('联系人', 'Name'), { required: true, searchable: true, maxLength: 60 }),
    mobilephone: text(label('手机号码', 'Mobile phone'), { required: true, pattern: 'phone', searchable: true, maxLength: 20 }),
    companyname: text(label('公司名称', 'Company'), { searchable: true, maxLength: 100 }),
    jobtitle: text(label('职务', 'Job title'), { maxLength: 60 }),
    leadsourcecode: optionSet(leadSource, undefined, { required: true, indexed: true }),
    new_productline_id: lookup('new_productline', label('意向产品线', 'Product line of interest')),
    new_productinterest: text(label('意向产品', 'Product interest'), { maxLength: 200 }),
    new_store_id: lookup('new_store', label('门店', 'Store')),
    new_province: text(label('省份', 'Province'), { maxLength: 40 }),
    new_city: text(label('城市', 'City'), { maxLength: 40 }),
    description: memo(label('需求描述', 'Description'), { maxLength: 2000 }),
    new_leadstate: optionSet(leadState, undefined, { ...RO, indexed: true }),
    // The disqualify command's inputs (its dialog asks them; its controller requires the reason).
    new_disqualifyreason: optionSet(leadDisqualifyReason, undefined, RO),
    new_disqualifynote: memo(label('取消资格说明', 'Disqualify notes'), { ...RO, maxLength: 500 }),
    new_closedon: dateTime(label('关闭时间', 'Closed on'), RO),
    // What qualifying made or took.
    new_opportunity_id: lookup('opportunity', label('商机', 'Opportunity'), RO),
    new_customer_id: lookup('new_endcustomer', label('客户', 'Customer'), RO),
    new_contact_id: lookup('contact', label('联系人档案', 'Contact'), RO),
  },
  indexes: [
    ['owningbusinessunit', 'createdon'],
    ['ownerid', 'createdon'],
  ],
  views: {
    open: byState(label('开放的线索', 'Open leads'), [leadState.open]),
    qualified: byState(label('已认定', 'Qualified'), [leadState.qualified]),
    disqualified: byState(label('已取消资格', 'Disqualified'), [leadState.disqualified]),
    all: { label: label('全部线索', 'All leads'), columns: COLUMNS, orderBy: [['createdon', 'desc']] },
  },
  forms: {
    main: [
      {
        key: 'basic',
        label: label('线索信息', 'Lead'),
        fields: [
          'subject',
          'leadsourcecode',
          'fullname',
          'mobilephone',
          'companyname',
          'jobtitle',
          'new_productline_id',
          'new_productinterest',
          'new_store_id',
          'new_province',
          'new_city',
          'ownerid',
          'description',
        ],
      },
      {
        key: 'result',
        label: label('处理结果', 'Outcome'),
        on: 'edit',
        fields: [
          'new_leadstate',
          'new_closedon',
          'new_opportunity_id',
          'new_customer_id',
          'new_contact_id',
          'new_disqualifyreason',
          'new_disqualifynote',
        ],
      },
    ],
  },
});

/**
 * A collaborator (参与人) of a lead: a colleague the owner adds, who then reads the lead on
 * /lead/joinview/:id. Added and removed by the owner's own calls (server domain/leads/collaborators.ts).
 */
export const leadCollaborator = defineEntity({
  logicalName: 'new_leadcollaborator',
  entitySet: 'new_leadcollaborators',
  label: label('参与人', 'Collaborator'),
  scope: { kind: 'businessUnit', field: 'owningbusinessunit', assignee: { via: 'new_lead_id' } },
  access: { read: 'sales.lead', notCreatedHere: 'lead.collaboratorsByOwner' },
  fields: {
    new_name: text(label('姓名', 'Name'), { ...RO, maxLength: 100 }),
    new_lead_id: lookup('lead', label('线索', 'Lead'), { ...RO, required: true, indexed: true }),
    new_user_id: lookup('systemuser', label('参与人', 'Collaborator'), { ...RO, required: true, indexed: true }),
  },
  uniques: [['new_lead_id', 'new_user_id']],
  views: {
    byLead: {
      label: label('参与人', 'Collaborators'),
      columns: ['new_name', 'new_user_id', 'createdon'],
      orderBy: [['createdon', 'asc']],
    },
  },
});
