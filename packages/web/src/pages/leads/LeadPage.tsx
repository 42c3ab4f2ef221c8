import { SolutionOutlined } from '@ant-design/icons';
import { getEntity, isClientField, leadState } from '@portal/model';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import type { RecordRow } from '../../api/records.ts';
import { DocumentPage } from '../../entity-ui/document/DocumentPage.tsx';
import { useT } from '../../locales/i18n.ts';
import { useSession } from '../../session/store.ts';
import { usePrivilege } from '../../session/use-privilege.ts';
import { LeadCollaborators } from './LeadCollaborators.tsx';
import { QualifyDialog } from './QualifyDialog.tsx';

const LEAD = getEntity('lead')!;
/** A new lead shows only what its salesman enters (state, outcome and owner are the server's). */
const HIDDEN_ON_CREATE = Object.keys(LEAD.allFields).filter((n) => !isClientField(LEAD, n));
/** What qualifying or disqualifying wrote: shown once the lead is closed (an open one's header says 开放). */
const OUTCOME = LEAD.forms.main.find((s) => s.key === 'result')!.fields;
const CONTRACT_WRITE = getEntity('new_salescontract')?.access?.write;

/**
 * /lead/create and /lead/view/:id: the owner's (or his manager's) lead on the generic document page.
 * While open it is changed and 认定 (qualify: the page's own dialog, existing customers and contacts
 * offered; the opportunity made opens) or 取消资格 (its reason asked); afterwards it is read-only with
 * what qualifying made linked; unless disqualified, 签订合同 opens a contract made from it
 * (/salescontract/create/:leadid). The 参与人 tab lists its collaborators, the owner adds and removes them.
 * Hooks: the document page's `lead-*`, `lead-tab-collaborators`.
 */
export default function LeadPage() {
  const { id } = useParams();
  const t = useT();
  const me = useSession((s) => s.user.userId);
  const navigate = useNavigate();
  const can = usePrivilege();
  const [row, setRow] = useState<RecordRow | null>(null);
  return (
    <DocumentPage
      key={id ?? 'new'}
      entity={LEAD}
      testIdPrefix="lead"
      backTo="/lead/list"
      editPath={(newId) => `/lead/view/${encodeURIComponent(newId)}`}
      hiddenFields={id ? (row && row.new_leadstate !== leadState.open ? undefined : OUTCOME) : HIDDEN_ON_CREATE}
      readOnlyText="lead.readOnly"
      commandDialogs={{ qualify: QualifyDialog }}
      onLoaded={setRow}
      extraActions={(r) => [
        {
          key: 'contract',
          label: t('lead.createContract'),
          icon: <SolutionOutlined />,
          hidden: r.new_leadstate === leadState.disqualified || !CONTRACT_WRITE || !can(CONTRACT_WRITE),
          onClick: () => navigate(`/salescontract/create/${encodeURIComponent(id ?? '')}`),
          testId: 'lead-create-contract',
        },
      ]}
      ownLinesTab={
        id
          ? {
              key: 'collaborators',
              label: <span data-testid="lead-tab-collaborators">{t('lead.collaborators')}</span>,
              children: row ? <LeadCollaborators id={id} owner={row.ownerid === me} /> : null,
            }
          : undefined
      }
    />
  );
}
