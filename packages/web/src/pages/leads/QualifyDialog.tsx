import { getEntity, type LeadMatches, type QualifyBody } from '@portal/model';
import { Alert, Form, Input, Radio, Space, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { runCommand } from '../../api/command.ts';
import type { RecordRow } from '../../api/records.ts';
import { CommandDialog } from '../../entity-ui/document/CommandDialog.tsx';
import type { CommandSlot } from '../../entity-ui/document/DocumentPage.tsx';
import { FieldItem, inputFor } from '../../entity-ui/FieldInput.tsx';
import { toPayload } from '../../entity-ui/form-values.ts';
import { useLocale, useT } from '../../locales/i18n.ts';
import { leadMatches } from './lead-api.ts';

const OPPORTUNITY = getEntity('opportunity')!;

type Values = { customer: string; contact: string; opportunityName: string; estimatedclosedate?: unknown };

const text = (v: unknown) => (typeof v === 'string' ? v : '');
/** The customer's contact with the lead's mobile (the same person), if there is one. */
const sameMobile = (m: LeadMatches, customer: string, mobile: string) =>
  m.contacts.find((c) => c.customerId === customer && c.mobile === mobile)?.id;

/**
 * 认定 (qualify): the customer — a new one named as the lead's company, or one in reach whose name or
 * mobile matches (offered first) — and the contact — new (the lead's person), one of the chosen
 * customer's, or none — then the opportunity's topic and expected close. The server makes them in one
 * transaction and the page opens the opportunity. Hooks: `lead-qualify-dialog` (`-ok`),
 * `qualify-customer-<new|id>`, `qualify-contact-<new|none|id>`, `qualify-matches`.
 */
export const QualifyDialog: CommandSlot = ({ id, row, open, onClose, onDone }) => {
  const t = useT();
  const lang = useLocale();
  const [form] = Form.useForm<Values>();
  const [matches, setMatches] = useState<LeadMatches | null>(null);
  const customer = Form.useWatch('customer', form);
  const mobile = text(row.mobilephone);
  useEffect(() => {
    if (!open) return;
    let live = true;
    leadMatches(id)
      .then((m) => {
        if (!live) return;
        setMatches(m);
        // Like D365's duplicate detection: a customer (and its contact of the lead's mobile) already there is what the salesman most likely means.
        const first = m.customers[0]?.id ?? 'new';
        form.setFieldsValue({ customer: first, contact: sameMobile(m, first, mobile) ?? 'new' });
      })
      .catch(() => live && setMatches({ customers: [], contacts: [] }));
    return () => {
      live = false;
    };
  }, [id, open, form, mobile]);
  // A contact chosen of another customer no longer fits: the customer's contact of the lead's mobile, else a new one.
  useEffect(() => {
    // The form's value, not the watched one: that lags a render behind the preselection above.
    const chosen = form.getFieldValue('customer') as string;
    const c = form.getFieldValue('contact');
    if (matches && c !== 'new' && c !== 'none' && !matches.contacts.some((x) => x.id === c && x.customerId === chosen))
      form.setFieldsValue({ contact: sameMobile(matches, chosen, mobile) ?? 'new' });
  }, [customer, matches, form, mobile]);

  const company = text(row.companyname) || text(row.fullname);
  const contacts = matches?.contacts.filter((c) => c.customerId === customer) ?? [];
  const send = (v: Values) => {
    const date = toPayload(OPPORTUNITY, { estimatedclosedate: v.estimatedclosedate }, ['estimatedclosedate'], true).estimatedclosedate;
    const body: QualifyBody = {
      customer: v.customer,
      contact: v.contact,
      opportunityName: v.opportunityName,
      ...(typeof date === 'string' && date ? { estimatedCloseDate: date } : {}),
    };
    return runCommand('lead', id, 'qualify', body as unknown as RecordRow, { silent: true });
  };
  return (
    <CommandDialog<Values>
      open={open}
      title={t('lead.qualifyTitle')}
      testId="lead-qualify-dialog"
      form={form}
      initialValues={{ customer: 'new', contact: 'new', opportunityName: text(row.subject) }}
      onClose={onClose}
      onDone={onDone}
      send={send}
      width={620}
    >
      <Alert type="info" showIcon title={t('lead.qualifyHint')} style={{ marginBottom: 12 }} />
      {!matches ? (
        <Spin />
      ) : (
        <>
          {matches.customers.length > 0 && (
            <Alert
              type="warning"
              showIcon
              data-testid="qualify-matches"
              title={t('lead.customerMatches', { count: matches.customers.length })}
              style={{ marginBottom: 12 }}
            />
          )}
          <Form.Item name="customer" label={t('lead.customer')} rules={[{ required: true, message: t('lead.customerChoice') }]}>
            <Radio.Group>
              <Space direction="vertical">
                {matches.customers.map((c) => (
                  <Radio key={c.id} value={c.id} data-testid={`qualify-customer-${c.id}`} data-name={c.name}>
                    {t('lead.customerExisting')}：{c.name}
                    {c.mobile ? ` · ${c.mobile}` : ''}
                    {c.city ? ` · ${c.city}` : ''}
                  </Radio>
                ))}
                <Radio value="new" data-testid="qualify-customer-new">
                  {t('lead.customerNew', { name: company })}
                </Radio>
              </Space>
            </Radio.Group>
          </Form.Item>
          <Form.Item name="contact" label={t('lead.contact')}>
            <Radio.Group>
              <Space direction="vertical">
                {contacts.map((c) => (
                  <Radio key={c.id} value={c.id} data-testid={`qualify-contact-${c.id}`} data-name={c.fullname}>
                    {t('lead.contactExisting')}：{c.fullname}
                    {c.mobile ? ` · ${c.mobile}` : ''}
                    {c.jobtitle ? ` · ${c.jobtitle}` : ''}
                  </Radio>
                ))}
                <Radio value="new" data-testid="qualify-contact-new">
                  {t('lead.contactNew', { name: text(row.fullname) })}
                </Radio>
                <Radio value="none" data-testid="qualify-contact-none">
                  {t('lead.contactNone')}
                </Radio>
              </Space>
            </Radio.Group>
          </Form.Item>
        </>
      )}
      <Form.Item name="opportunityName" label={t('lead.opportunityName')} rules={[{ max: 200 }]}>
        <Input maxLength={200} data-testid="field-opportunityName" />
      </Form.Item>
      <FieldItem name="estimatedclosedate" label={t('lead.estimatedCloseDate')} required={false}>
        {inputFor(OPPORTUNITY, 'estimatedclosedate', OPPORTUNITY.allFields.estimatedclosedate, lang, t, false)}
      </FieldItem>
    </CommandDialog>
  );
};
