import {
  type CpqOptionDef,
  type CpqProductDefinition,
  type CpqSaved,
  choose,
  evaluate,
  fenToAmount,
  initialChoices,
  unchoose,
} from '@portal/model';
import { Alert, Button, Card, Checkbox, Col, Divider, Form, Input, Radio, Result, Row, Space, Spin, Tag, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { ApiError } from '../../api/envelope.ts';
import { createPath, getConfiguration, getDefinition, saveConfiguration, yuan } from '../../api/configurator.ts';
import { useT } from '../../locales/i18n.ts';
import { usePhone } from '../../shared/use-phone.ts';
import { PageTitle } from '../PageTitle.tsx';
import { ProductCards } from './CatalogPage.tsx';

interface Contact {
  ContactName?: string;
  ContactPhone?: string;
  Remark?: string;
}

/**
 * The guided configuration (/quotationconfig/create/{quoteId?}?product=…, anonymous; and
 * /quotationconfig/edit/{quoteId?}/{cpqQuoteId?}, one segment being the configuration): a group at
 * a time, each option with its price delta; what a rule forbids is disabled with the rule's own
 * text beside it, what a rule keeps is locked with it; the running price and what is still to
 * choose. The model's engine decides here and again on the server at save, which answers the
 * configuration's short-lived signed link.
 */
export default function ConfigurePage() {
  return <Configure edit={false} />;
}

/** /quotationconfig/edit/{quoteId?}/{cpqQuoteId?}: the same page on a saved configuration. */
export function ConfigureEditPage() {
  return <Configure edit />;
}

function Configure({ edit }: { edit: boolean }) {
  const t = useT();
  const navigate = useNavigate();
  const phone = usePhone();
  const params = useParams();
  const [search] = useSearchParams();
  // edit/{x} names the configuration; edit/{quote}/{configuration} both.
  const editing = edit ? (params.cpqQuoteId ?? params.quoteId) : undefined;
  const quoteId = edit && !params.cpqQuoteId ? undefined : params.quoteId;
  const productId = search.get('product') ?? '';
  const [def, setDef] = useState<CpqProductDefinition | null>(null);
  const [choices, setChoices] = useState<string[]>([]);
  const [failed, setFailed] = useState('');
  const [saving, setSaving] = useState(false);
  const [saved, setSaved] = useState<CpqSaved | null>(null);
  const [form] = Form.useForm<Contact>();

  useEffect(() => {
    let live = true;
    setDef(null);
    setFailed('');
    setSaved(null);
    const fail = (e: unknown) => live && setFailed(e instanceof ApiError && e.message ? e.message : t('cpq.productNotFound'));
    if (editing) {
      getConfiguration(editing, { silent: true })
        .then(async (c) => {
          // What the server would refuse at save, said before any choice is made.
          if (!c.Editable) {
            if (live) setFailed(c.QuoteId ? t('cpq.onQuote', { quote: c.QuoteNumber ?? '' }) : t('cpq.notYours'));
            return;
          }
          const d = await getDefinition(c.ProductId, { silent: true });
          if (!live) return;
          const known = new Set(d.groups.flatMap((g) => g.options.map((o) => o.id)));
          setDef(d);
          setChoices(c.Choices.filter((id) => known.has(id)));
          form.setFieldsValue({
            ContactName: c.ContactName ?? undefined,
            ContactPhone: c.ContactPhone ?? undefined,
            Remark: c.Remark ?? undefined,
          });
        })
        .catch(fail);
    } else if (productId) {
      getDefinition(productId, { silent: true })
        .then((d) => {
          if (!live) return;
          setDef(d);
          setChoices(initialChoices(d));
        })
        .catch(fail);
    }
    return () => {
      live = false;
    };
  }, [editing, productId, form, t]);

  const ev = useMemo(() => (def ? evaluate(def, choices) : null), [def, choices]);

  if (!editing && !productId)
    return (
      <div>
        <PageTitle>{t('cpq.pickProduct')}</PageTitle>
        <ProductCards onPick={(p) => navigate(createPath(p.Id, quoteId))} />
      </div>
    );
  if (failed)
    return (
      <Result
        status="warning"
        title={failed}
        data-testid="cpq-configure-failed"
        extra={<Button onClick={() => navigate('/product/catalog')}>{t('cpq.backToCatalog')}</Button>}
      />
    );
  if (!def || !ev) return <Spin style={{ display: 'block', margin: '80px auto' }} />;

  if (saved)
    return (
      <Result
        status="success"
        data-testid="cpq-saved"
        title={t('cpq.savedTitle', { number: saved.Number })}
        subTitle={
          <Space direction="vertical" style={{ maxWidth: '100%' }}>
            <span>{t('cpq.savedLink', { time: new Date(saved.LinkExpiresAt).toLocaleString() })}</span>
            <Typography.Text
              copyable={{ text: `${window.location.origin}${saved.Link}` }}
              data-testid="cpq-saved-link"
              style={{ wordBreak: 'break-all' }}
            >
              {`${window.location.origin}${saved.Link}`}
            </Typography.Text>
          </Space>
        }
        extra={[
          <Button key="open" type="primary" data-testid="cpq-open-saved" onClick={() => navigate(saved.Link)}>
            {t('cpq.openSaved')}
          </Button>,
          saved.QuoteId && (
            <Button key="quote" onClick={() => navigate(`/quote/view/${encodeURIComponent(saved.QuoteId!)}`)}>
              {t('cpq.quote')}
            </Button>
          ),
        ]}
      />
    );

  const pick = (o: CpqOptionDef) => setChoices((s) => choose(def, s, o.id));
  const drop = (o: CpqOptionDef) => setChoices((s) => unchoose(def, s, o.id));
  const missing = ev.problems.flatMap((p) => (p.kind === 'required' ? [p.group.name] : []));

  const save = async () => {
    const contact = await form.validateFields();
    setSaving(true);
    try {
      setSaved(
        await saveConfiguration({ ProductId: def.id, Choices: choices, ...contact, ...(quoteId ? { QuoteId: quoteId } : {}) }, editing),
      );
    } catch {
      // The client showed the server's refusal (the rule broken, the limit reached).
    } finally {
      setSaving(false);
    }
  };

  const optionLine = (o: CpqOptionDef) => {
    const st = ev.options[o.id];
    const reason = st.disabledBy ?? st.lockedBy;
    return (
      <div data-testid="cpq-option" data-code={o.code} data-chosen={st.chosen} data-disabled={!!st.disabledBy || !!st.lockedBy}>
        <Space size={8} wrap>
          <span>{o.name}</span>
          <Typography.Text type="secondary">
            {o.priceDeltaFen ? `${o.priceDeltaFen > 0 ? '+' : '−'}¥${yuan(fenToAmount(Math.abs(o.priceDeltaFen)))}` : t('cpq.included')}
          </Typography.Text>
        </Space>
        {reason && (
          <div>
            <Typography.Text type={st.disabledBy ? 'danger' : 'secondary'} style={{ fontSize: 12 }} data-testid="cpq-option-rule">
              {st.disabledBy ? t('cpq.disabledBecause', { rule: reason.message }) : t('cpq.keptBy', { rule: reason.message })}
            </Typography.Text>
          </div>
        )}
      </div>
    );
  };

  const summary = (
    <Card data-testid="cpq-summary" style={phone ? undefined : { position: 'sticky', top: 16 }}>
      <Typography.Text type="secondary">{t('cpq.runningPrice')}</Typography.Text>
      <div style={{ fontSize: 26, fontWeight: 600, color: '#cf1322' }} data-testid="cpq-price" data-fen={ev.priceFen}>
        ¥{yuan(fenToAmount(ev.priceFen))}
      </div>
      <Typography.Text type="secondary">
        {t('cpq.basePrice')} ¥{yuan(fenToAmount(def.basePriceFen))}
      </Typography.Text>
      {missing.length > 0 && (
        <Alert
          style={{ marginTop: 12 }}
          type="info"
          showIcon
          message={t('cpq.incomplete', { groups: missing.join('、') })}
          data-testid="cpq-incomplete"
        />
      )}
      <Divider style={{ margin: '12px 0' }} />
      <Typography.Text strong>{t('cpq.contact')}</Typography.Text>
      <Form form={form} layout="vertical" style={{ marginTop: 8 }}>
        <Form.Item name="ContactName" label={t('cpq.contactName')} rules={[{ max: 50 }]}>
          <Input maxLength={50} data-testid="cpq-contact-name" />
        </Form.Item>
        <Form.Item
          name="ContactPhone"
          label={t('cpq.contactPhone')}
          rules={[{ max: 30 }, { pattern: /^[0-9+\-() ]*$/, message: t('cpq.contactPhone') }]}
        >
          <Input maxLength={30} inputMode="tel" data-testid="cpq-contact-phone" />
        </Form.Item>
        <Form.Item name="Remark" label={t('cpq.remark')} rules={[{ max: 500 }]}>
          <Input.TextArea maxLength={500} autoSize={{ minRows: 1, maxRows: 4 }} />
        </Form.Item>
      </Form>
      {quoteId && <Alert type="info" style={{ marginBottom: 12 }} message={t('cpq.forQuote')} />}
      <Button type="primary" block size="large" disabled={!ev.valid} loading={saving} onClick={save} data-testid="cpq-save">
        {editing ? t('cpq.saveChanges') : t('cpq.save')}
      </Button>
    </Card>
  );

  return (
    <div data-testid="cpq-configure" data-product={def.code}>
      <PageTitle extra={<Button onClick={() => navigate('/product/catalog')}>{t('cpq.backToCatalog')}</Button>}>{def.name}</PageTitle>
      {def.description && <Typography.Paragraph type="secondary">{def.description}</Typography.Paragraph>}
      <Row gutter={[16, 16]}>
        <Col xs={24} md={15} lg={16}>
          <Space direction="vertical" size={16} style={{ width: '100%' }}>
            {def.groups.map((g, i) => {
              const chosen = g.options.find((o) => ev.options[o.id].chosen);
              return (
                <Card
                  key={g.id}
                  size="small"
                  data-testid="cpq-group"
                  data-code={g.code}
                  title={
                    <Space size={6} wrap>
                      <span>{`${i + 1}. ${g.name}`}</span>
                      {g.required && <Tag color="red">{t('cpq.required')}</Tag>}
                      <Tag>{g.multiple ? t('cpq.multiple') : t('cpq.single')}</Tag>
                    </Space>
                  }
                >
                  {g.multiple ? (
                    <Space direction="vertical" style={{ width: '100%' }}>
                      {g.options.map((o) => {
                        const st = ev.options[o.id];
                        return (
                          <Checkbox
                            key={o.id}
                            checked={st.chosen}
                            disabled={!!st.disabledBy || !!st.lockedBy}
                            onChange={(e) => (e.target.checked ? pick(o) : drop(o))}
                          >
                            {optionLine(o)}
                          </Checkbox>
                        );
                      })}
                    </Space>
                  ) : (
                    <Radio.Group
                      value={chosen?.id ?? null}
                      style={{ width: '100%' }}
                      onChange={(e) => pick(g.options.find((o) => o.id === e.target.value)!)}
                    >
                      <Space direction="vertical" style={{ width: '100%' }}>
                        {g.options.map((o) => (
                          <Radio key={o.id} value={o.id} disabled={!!ev.options[o.id].disabledBy}>
                            {optionLine(o)}
                          </Radio>
                        ))}
                      </Space>
                    </Radio.Group>
                  )}
                </Card>
              );
            })}
          </Space>
        </Col>
        <Col xs={24} md={9} lg={8}>
          {summary}
        </Col>
      </Row>
    </div>
  );
}
