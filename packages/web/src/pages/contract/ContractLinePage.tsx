import { contractStatus, getEntity } from '@portal/model';
import { Alert, Skeleton } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useParams } from 'react-router';
import { retrieveRecord, FORMATTED, type RecordRow } from '../../api/records.ts';
import { EntityFormPage } from '../../entity-ui/EntityFormPage.tsx';
import { useT } from '../../locales/i18n.ts';
import { usePrivilege } from '../../session/use-privilege.ts';

const LINE = getEntity('new_srv_contractline')!;

/**
 * /contractline/create/:contractid and /contractline/edit/:id/:contractid: a contract line on the
 * generic form, its contract fixed (from the path) and shown; every service ticked on a new line
 * (its dates, left empty, are the contract's). Changes only while the contract is draft; saving
 * goes back to the contract. Hooks: `ctl-form`, `ctl-readonly`.
 */
export default function ContractLinePage() {
  const { id, contractid = '' } = useParams();
  const t = useT();
  const can = usePrivilege();
  const [contract, setContract] = useState<RecordRow | null>(null);
  useEffect(() => {
    let live = true;
    retrieveRecord('new_srv_contracts', contractid, ['new_srv_contractid', 'new_name', 'new_status', 'new_enddate'], { silent: true })
      .then((r) => live && setContract(r))
      .catch(() => live && setContract({}));
    return () => {
      live = false;
    };
  }, [contractid]);
  // The server reads an active contract past its end as expired.
  const draft = !!contract && Number(contract.new_status ?? contractStatus.draft) === contractStatus.draft;
  const back = `/contract/edit/${encodeURIComponent(contractid)}`;
  const defaults = useMemo(
    () => ({
      new_contract_id: { id: contractid, name: String(contract?.new_name ?? contract?.[`new_name${FORMATTED}`] ?? '') },
      ...(id ? {} : { new_coverrepair: true, new_coverinstall: true, new_covermaint: true }),
    }),
    [contractid, contract, id],
  );
  if (!contract) return <Skeleton active />;
  return (
    <div data-testid="ctl-form" data-editable={draft ? 'true' : 'false'}>
      {!draft && <Alert type="info" showIcon title={t('contract.ui.readOnly')} style={{ marginBottom: 12 }} data-testid="ctl-readonly" />}
      <EntityFormPage
        entity={LINE.logicalName}
        id={id}
        backTo={back}
        editPath={() => back}
        defaults={defaults}
        lockedFields={['new_contract_id']}
        canWrite={can(LINE.access!.write!) && draft}
        allowDelete={draft}
      />
    </div>
  );
}
