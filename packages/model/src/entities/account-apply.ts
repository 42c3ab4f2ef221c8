import { bool, defineEntity, label, lookup, memo, text, type FieldDef, type Label } from '../define.ts';

/**
 * The account fields a user cannot change themselves and asks head office to change (/edit/apply):
 * name, mobile phone (also the SMS sign-in number), e-mail and job title. Each has the user's value
 * (refreshed on submit and approval: `current`) beside the proposed one, as station change
 * applications do. Station data go through the station change application.
 */
export const ACCOUNT_CHANGE_FIELDS = [
  { target: 'fullname', current: 'new_oldfullname', proposed: 'new_newfullname' },
  { target: 'mobilephone', current: 'new_oldmobilephone', proposed: 'new_newmobilephone' },
  { target: 'internalemailaddress', current: 'new_oldemail', proposed: 'new_newemail' },
  { target: 'title', current: 'new_oldtitle', proposed: 'new_newtitle' },
] as const;

const pair = (l: Label, maxLength: number, pattern?: 'mobile' | 'email'): [FieldDef, FieldDef] => [
  text(label(`当前${l['zh-CN']}`, `Current ${l['en-US'].toLowerCase()}`), { maxLength, readOnly: true }),
  text(label(`新${l['zh-CN']}`, `New ${l['en-US'].toLowerCase()}`), { maxLength, ...(pattern ? { pattern } : {}) }),
];
const PAIRS: Record<string, [FieldDef, FieldDef]> = {
  fullname: pair(label('姓名', 'Full name'), 60),
  mobilephone: pair(label('手机号码', 'Mobile phone'), 20, 'mobile'),
  internalemailaddress: pair(label('电子邮件', 'E-mail'), 100, 'email'),
  title: pair(label('职务', 'Job title'), 60),
};
const changeFields: Record<string, FieldDef> = {};
for (const f of ACCOUNT_CHANGE_FIELDS) [changeFields[f.current], changeFields[f.proposed]] = PAIRS[f.target];

/**
 * Account change application (账户信息变更申请, /edit/apply): a signed-in user asks head office to
 * change their own account details through an approval flow; the final approval writes the new
 * values to the user in the same transaction (server domain/account-apply). The applicant is always
 * the caller (set by the server). Scope: the applicant's business unit (head office sees all).
 */
export const accountApply = defineEntity({
  logicalName: 'new_srv_accountapply',
  entitySet: 'new_srv_accountapplys',
  label: label('账户信息变更申请', 'Account change application'),
  scope: { kind: 'businessUnit', field: 'owningbusinessunit' },
  access: { read: 'portal.login', write: 'portal.login' },
  screens: {
    edit: { name: 'editApply', path: '/edit/apply', page: 'AccountApplyPage', idFromQuery: true },
  },
  document: { number: { prefix: 'ZH', period: 'month' }, approval: { commit: 'new_iscommit' } },
  fields: {
    new_name: text(label('申请单号', 'Number'), { readOnly: true, searchable: true, maxLength: 40, indexed: true }),
    new_user_id: lookup('systemuser', label('申请人', 'Applicant'), { readOnly: true, indexed: true }),
    new_reason: memo(label('申请原因', 'Reason'), { required: true, searchable: true, maxLength: 500 }),
    ...changeFields,
    new_iscommit: bool(label('已提交', 'Submitted'), { readOnly: true }),
  },
  views: {
    all: {
      label: label('全部账户变更申请', 'All account change applications'),
      columns: ['new_name', 'new_user_id', 'new_reason', 'new_approvalstatus', 'new_stepname', 'new_approvedtime', 'createdon'],
      orderBy: [['createdon', 'desc']],
    },
  },
  forms: {
    main: [
      { key: 'basic', label: label('基本信息', 'Basic information'), fields: ['new_name', 'new_user_id', 'new_reason'] },
      { key: 'change', label: label('变更内容', 'Changes'), fields: ACCOUNT_CHANGE_FIELDS.flatMap((f) => [f.current, f.proposed]) },
    ],
  },
});
