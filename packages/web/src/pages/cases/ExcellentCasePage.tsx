import { excellentCasePublish } from '@portal/model';
import { Alert } from 'antd';
import { useState } from 'react';
import type { RecordRow } from '../../api/records.ts';
import { useT } from '../../locales/i18n.ts';
import { DocumentPage } from '../../entity-ui/document/DocumentPage.tsx';

const EXCELLENT_CASE = 'new_srv_excellentcase';

/**
 * /excellentcase/create and /excellentcase/caseview/:id: an excellent repair case through the
 * approval engine (symptom, cause, solution, product line; photos as attachments). Its station's
 * writers edit and submit it while draft or rejected; once head office approves it is published
 * and every station reads it here, read-only (the server's `published` scope). Hooks: `excase-*`
 * of the approval page, `excase-published`.
 */
export default function ExcellentCasePage() {
  const t = useT();
  const [row, setRow] = useState<RecordRow | null>(null);
  const published = Number(row?.new_publishstatus) === excellentCasePublish.published;
  return (
    <div data-testid="excase-page" data-published={published ? 'true' : 'false'}>
      {published && (
        <Alert
          type="success"
          showIcon
          title={t('excellentCase.ui.published')}
          style={{ marginBottom: 12 }}
          data-testid="excase-published"
        />
      )}
      <DocumentPage
        entity={EXCELLENT_CASE}
        testIdPrefix="excase"
        backTo="/excellentcase/caselist"
        editPath={(newId) => `/excellentcase/caseview/${encodeURIComponent(newId)}`}
        onLoaded={setRow}
      />
    </div>
  );
}
