import { getEntity, isClientField, partsApplyStatus, warehouseType } from '@portal/model';
import { useMemo, useState } from 'react';
import { useParams } from 'react-router';
import type { LookupCondition } from '../../api/lookup.ts';
import type { RecordRow } from '../../api/records.ts';
import { DocumentPage, type CommandSlot } from '../../entity-ui/document/DocumentPage.tsx';
import { DocumentLines } from '../../entity-ui/document/DocumentLines.tsx';
import { documentStanding } from '../../entity-ui/document/document-rules.ts';
import { OptionTag } from '../../entity-ui/document/OptionTag.tsx';
import { useT } from '../../locales/i18n.ts';
import { useSession } from '../../session/store.ts';
import { STATION_USER } from '../basicdata/StationProfilePage.tsx';
import { ApplicationDeliveries } from './ApplicationDeliveries.tsx';
import { ApprovedQtyDialog } from './ApprovedQtyDialog.tsx';
import { APPLICATION_DOC } from './request-documents.ts';
import { closeSlot, requestMayRun, useRequestLines } from './request-page.tsx';

const HEADER = getEntity(APPLICATION_DOC.entity)!;
const LINE = HEADER.document!.lines![0];
/** A new application shows only what a user enters (number, states, totals are the server's). */
const HIDDEN_ON_CREATE = Object.keys(HEADER.allFields).filter((n) => !isClientField(HEADER, n));
/** The supplying warehouse is a central one (the server refuses any other). */
const CENTRAL: LookupCondition[] = [{ field: 'new_type', op: 'eq', value: warehouseType.central }];
const ApprovedSlot: CommandSlot = ({ id, open, onClose, onDone }) => (
  <ApprovedQtyDialog docId={id} open={open} onClose={onClose} onDone={onDone} />
);
const DIALOGS = { close: closeSlot(APPLICATION_DOC), approved: ApprovedSlot };

/**
 * /partsApply/create and /partsApply/edit/:id: a station's parts application on the generic document
 * page (its declaration: number, approval, lines, 修改审批数量 and 关闭). A station user's station is
 * preset and locked; the supplying warehouse lookup lists central warehouses; a repair application's
 * work order is one of the station's. Lines show their shortfall while the application may change.
 * 修改审批数量 is the current step's approver's; 关闭 the station's or the supplying warehouse's while
 * it is to be (or partly) delivered. Header tag: delivery status (`pa-statuscode`). Tabs: lines, and the deliveries made of it.
 */
export default function PartsApplyFormPage() {
  const { id } = useParams();
  const t = useT();
  const user = useSession((s) => s.user);
  const [row, setRow] = useState<RecordRow | null>(null);
  const [version, setVersion] = useState(0);
  const { lines, lineDialog } = useRequestLines(APPLICATION_DOC, id);
  const stationUser = user.userType === STATION_USER && !!user.departId;
  const station = stationUser ? user.departId : typeof row?.new_station_id === 'string' ? row.new_station_id : '';
  const lookupConditions = useMemo(
    () => ({
      new_warehouse_id: CENTRAL,
      ...(station ? { new_workorder_id: [{ field: 'new_station_id', op: 'eq', value: station }] } : {}),
    }),
    [station],
  );

  return (
    <DocumentPage
      entity={HEADER}
      testIdPrefix="pa"
      backTo={APPLICATION_DOC.listPath}
      editPath={APPLICATION_DOC.editPath}
      defaults={stationUser ? () => ({ new_station_id: { id: user.departId, name: user.departName } }) : undefined}
      hiddenFields={id ? undefined : HIDDEN_ON_CREATE}
      lockedFields={stationUser ? ['new_station_id'] : undefined}
      lookupConditions={lookupConditions}
      // Only a draft goes away (the declared deletable state); a rejected one stays on record.
      allowDelete
      mayRun={requestMayRun(APPLICATION_DOC, user.userId)}
      commandDialogs={DIALOGS}
      // Back-ordered quantities show while it can still be changed (the stock is taken when a line is written and on submit).
      lines={{ ...lines, shortfall: documentStanding(HEADER, row).editable }}
      lineDialog={lineDialog}
      extraTags={(r) => <OptionTag set={partsApplyStatus} value={r.statuscode} testId="pa-statuscode" />}
      extraTabs={[
        id
          ? {
              key: 'deliveries',
              label: <span data-testid="pa-tab-deliveries">{t('parts.ui.deliveries')}</span>,
              children: <ApplicationDeliveries applicationId={id} version={version} />,
            }
          : // A new application's lines tab says to save it first (the page's lines tab needs a saved document).
            {
              key: 'lines',
              label: <span data-testid="pa-tab-lines">{t('parts.ui.lines')}</span>,
              children: <DocumentLines entity={LINE.entity} parentField={LINE.parent} editable={false} />,
            },
      ]}
      onLoaded={(r) => {
        setRow(r);
        setVersion((v) => v + 1);
      }}
    />
  );
}
