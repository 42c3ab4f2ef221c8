import { getEntity } from '@portal/model';
import { useState } from 'react';
import { useParams } from 'react-router';
import { DocumentLines } from '../../entity-ui/document/DocumentLines.tsx';
import { useLineDialog } from '../../entity-ui/document/use-line-dialog.tsx';
import { EntityFormPage } from '../../entity-ui/EntityFormPage.tsx';
import { useT } from '../../locales/i18n.ts';
import { usePrivilege } from '../../session/use-privilege.ts';
import { RecordLineDialog } from '../../entity-ui/document/RecordLineDialog.tsx';

const CONTACT = getEntity('contact')!;
const CONTACT_FIELDS = ['fullname', 'mobilephone', 'jobtitle', 'emailaddress1', 'description'];

/**
 * /usercenter/customerview/:id: an end customer on the generic form, with its contacts (联系人, made by
 * qualifying a lead or added here) as a tab — added, changed and removed by whoever writes sales
 * documents in the customer's reach (a dealer, a salesman). Hooks: the form's, `customer-tab-contacts`,
 * `contact-dialog`.
 */
export default function CustomerPage() {
  const { id } = useParams();
  const t = useT();
  const can = usePrivilege();
  const [version, setVersion] = useState(0);
  const contacts = useLineDialog(CONTACT.logicalName, id, (docId, state) => (
    <RecordLineDialog entity="contact" parent="parentcustomerid" fields={CONTACT_FIELDS} docId={docId} testId="contact-dialog" {...state} />
  ));
  const bump = () => setVersion((v) => v + 1);
  return (
    <EntityFormPage
      key={id ?? 'new'}
      entity="new_endcustomer"
      id={id}
      backTo="/usercenter/customerList"
      editPath={(newId) => `/usercenter/customerview/${encodeURIComponent(newId)}`}
      allowDelete
      extraTabs={
        id
          ? [
              {
                key: 'contacts',
                label: <span data-testid="customer-tab-contacts">{t('lead.contact')}</span>,
                children: (
                  <>
                    <DocumentLines
                      entity={CONTACT.logicalName}
                      parentField="parentcustomerid"
                      parentId={id}
                      version={version}
                      editable={!!CONTACT.access?.write && can(CONTACT.access.write)}
                      totals={false}
                      {...contacts.lines}
                      onChanged={bump}
                    />
                    {contacts.lineDialog(bump)}
                  </>
                ),
              },
            ]
          : undefined
      }
    />
  );
}
