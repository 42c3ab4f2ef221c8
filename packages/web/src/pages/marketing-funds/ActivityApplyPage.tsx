import { AuditOutlined, FileDoneOutlined } from '@ant-design/icons';
import { activityCheckResult, approvalStatus, getEntity } from '@portal/model';
import { QueryClientProvider } from '@tanstack/react-query';
import { Alert, Card, Descriptions } from 'antd';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { displayValue, type RecordRow } from '../../api/records.ts';
import { DocumentPage } from '../../entity-ui/document/DocumentPage.tsx';
import { documentQueries, useDocumentRecord } from '../../entity-ui/document/document-query.ts';
import { num } from '../../entity-ui/document/num.ts';
import { OptionTag } from '../../entity-ui/document/OptionTag.tsx';
import { useLocale, useT } from '../../locales/i18n.ts';
import { useSession } from '../../session/store.ts';
import { usePrivilege } from '../../session/use-privilege.ts';
import { formatAmount } from '../../shared/format.ts';
import { AttachmentList } from '../../widgets/attachments/AttachmentList.tsx';
import { approverCuts, hiddenOnCreate } from './fund-page.ts';
import type { FundLineKind } from './FundLineDialog.tsx';
import { useFundLines } from './use-fund-lines.tsx';

const ENTITY = 'new_activityapply';
const HIDDEN = hiddenOnCreate(ENTITY);
const LINES: FundLineKind = {
  entity: 'new_activityapplydetail',
  parent: 'new_activityapply_id',
  fields: ['new_name', 'new_amount', 'new_remark'],
  testId: 'activityapply-line-dialog',
};
const viewPath = (id: string) => `/activityapply/view/${encodeURIComponent(id)}`;
/** The check variant of the view (spec 001 §2: "detail and a check variant"). */
const checkPath = (id: string) => `${viewPath(id)}?mode=check`;

const approved = (row: RecordRow) => num(row.new_approvalstatus) === approvalStatus.approved;
const checked = (row: RecordRow) => num(row.new_checkresult) !== null;

/**
 * The check variant's panel: where the activity stands for its on-site check, the site photos
 * (the application's attachments; the inspector adds them here) and, once checked, the result.
 * The 稽核 command itself is the document page's (its dialog asks result, date and remarks).
 * Hooks: `activityapply-check-panel` (data-check: notApproved | pending | checked), `activityapply-check-result`.
 */
function CheckPanel({ id }: { id: string }) {
  const t = useT();
  const lang = useLocale();
  const can = usePrivilege();
  const { data: row } = useDocumentRecord(ENTITY, id);
  if (!row) return null;
  const e = getEntity(ENTITY)!;
  const state = !approved(row) ? 'notApproved' : checked(row) ? 'checked' : 'pending';
  return (
    <Card
      size="small"
      title={t('funds.checkStart')}
      style={{ marginBottom: 12 }}
      data-testid="activityapply-check-panel"
      data-check={state}
    >
      {state === 'notApproved' && <Alert type="info" showIcon title={t('funds.checkNotYet')} />}
      {state === 'pending' && <Alert type="warning" showIcon title={t('funds.checkHint')} style={{ marginBottom: 12 }} />}
      {state === 'checked' && (
        <Descriptions size="small" column={{ xs: 1, md: 3 }} style={{ marginBottom: 12 }}>
          <Descriptions.Item label={e.allFields.new_checkresult.label[lang]}>
            <OptionTag set={activityCheckResult} value={row.new_checkresult} testId="activityapply-check-result" dataName="result" />
          </Descriptions.Item>
          <Descriptions.Item label={e.allFields.new_checkdate.label[lang]}>{displayValue(row, 'new_checkdate')}</Descriptions.Item>
          <Descriptions.Item label={e.allFields.new_checkedby_id.label[lang]}>{displayValue(row, 'new_checkedby_id')}</Descriptions.Item>
          <Descriptions.Item label={e.allFields.new_checkremark.label[lang]} span={3}>
            {displayValue(row, 'new_checkremark')}
          </Descriptions.Item>
        </Descriptions>
      )}
      {state !== 'notApproved' && (
        <>
          <div style={{ fontWeight: 500, marginBottom: 8 }}>{t('funds.checkPhotos')}</div>
          <AttachmentList moduleType={ENTITY} objectId={id} readOnly={state === 'checked' || !can('funds.check')} />
        </>
      )}
    </Card>
  );
}

/**
 * /activityapply/create, /activityapply/view/:id — a dealer's activity application (活动申请) on
 * the document page: theme, type, dates, place and expected sales, its cost lines (the requested
 * amount is their sum) while a draft, submitted through the approval engine, the current
 * approver's 核定金额. `?mode=check` is its check variant: the check panel above the document and
 * the 稽核 command for the inspector (funds.check); without it the inspector is offered 现场稽核,
 * which leads there. The dealer is offered 申请核销 on an approved activity with something left.
 * Hooks: the document page's `activityapply-*`, `activityapply-line-dialog`.
 */
export default function ActivityApplyPage() {
  const { id } = useParams();
  const [query] = useSearchParams();
  const navigate = useNavigate();
  const t = useT();
  const can = usePrivilege();
  const userId = useSession((s) => s.user.userId);
  const fundLines = useFundLines(LINES, id);
  const checkMode = !!id && query.get('mode') === 'check';
  const cuts = approverCuts(userId);
  return (
    <>
      {checkMode && (
        <QueryClientProvider client={documentQueries}>
          <CheckPanel id={id} />
        </QueryClientProvider>
      )}
      <DocumentPage
        key={checkMode ? 'check' : 'view'}
        entity={ENTITY}
        testIdPrefix="activityapply"
        backTo="/activityapply/list"
        editPath={viewPath}
        hiddenFields={id ? undefined : HIDDEN}
        // 稽核 belongs to the check variant.
        mayRun={(command, grant, row) => (command === 'check' ? checkMode && !checked(row) : cuts(command, grant, row))}
        {...fundLines}
        linesLabel="funds.costLines"
        extraActions={(row) => [
          {
            key: 'toCheck',
            label: t('funds.checkStart'),
            icon: <AuditOutlined />,
            hidden: checkMode || !can('funds.check') || !approved(row) || checked(row),
            onClick: () => navigate(checkPath(id!)),
            testId: 'activityapply-to-check',
          },
          {
            key: 'claim',
            label: t('funds.claim'),
            icon: <FileDoneOutlined />,
            hidden:
              !can('funds.apply') ||
              !approved(row) ||
              num(row.new_checkresult) === activityCheckResult.failed ||
              !(Number(row.new_available) > 0),
            onClick: () => navigate(`/activityuse/create?activityapply=${encodeURIComponent(id!)}`),
            testId: 'activityapply-claim',
          },
        ]}
        extraTags={(row) =>
          approved(row) && num(row.new_approvedamount) !== null ? (
            <span data-testid="activityapply-approved" data-amount={String(row.new_approvedamount)}>
              {t('funds.approvedTag', { amount: formatAmount(row.new_approvedamount as string) })}
            </span>
          ) : null
        }
      />
    </>
  );
}
