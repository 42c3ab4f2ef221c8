import { currentYearUtc8 } from '../../shared/date.ts';
import { DocumentPage } from '../../entity-ui/document/DocumentPage.tsx';

const CLAIMFINE = 'new_srv_claimfine';

/** A new order is assessed in the current year (at UTC+8) unless the user says otherwise. */
export const claimFineDefaults = () => ({ new_year: currentYearUtc8() });

/** /claimFine/create and /claimFine/detail/:id (create is not in the spec's table). */
export default function ClaimFineFormPage() {
  return (
    <DocumentPage
      entity={CLAIMFINE}
      testIdPrefix="claimfine"
      backTo="/claimFine/list"
      editPath={(newId) => `/claimFine/detail/${encodeURIComponent(newId)}`}
      defaults={claimFineDefaults}
    />
  );
}
