import { PrinterOutlined } from '@ant-design/icons';
import type { CpqConfiguration } from '@portal/model';
import { Button, Card, Descriptions, Result, Space, Spin, Table, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { ApiError } from '../../api/envelope.ts';
import { editPath, getConfiguration, yuan } from '../../api/configurator.ts';
import { useT } from '../../locales/i18n.ts';
import { useSession } from '../../session/store.ts';
import { PageTitle } from '../PageTitle.tsx';
import { AttachToQuote } from './AttachToQuote.tsx';
import './configurator.css';

const time = (iso: string) => new Date(iso).toLocaleString('zh-CN', { hour12: false });

/**
 * /quote/details/{cpqQuoteId} (anonymous route): a saved configuration — number, product, price,
 * validity, the chosen options with their deltas, the bill of materials — printable. Its owner
 * reads it signed in; anyone else with the link's token this tab keeps (from /config/page).
 */
export default function QuoteDetailsPage() {
  const t = useT();
  const navigate = useNavigate();
  const { cpqQuoteId } = useParams();
  const loggedIn = useSession((s) => s.auth.isLoggedIn);
  const mayQuote = useSession((s) => s.auth.isLoggedIn && s.user.privilege.includes('sales.write'));
  const [c, setC] = useState<CpqConfiguration | null>(null);
  const [failed, setFailed] = useState('');
  const [reload, setReload] = useState(0);

  useEffect(() => {
    let live = true;
    setC(null);
    setFailed('');
    if (!cpqQuoteId) {
      setFailed(t('cpq.needLink'));
      return;
    }
    getConfiguration(cpqQuoteId, { silent: true })
      .then((x) => live && setC(x))
      .catch((e) => live && setFailed(e instanceof ApiError && e.status !== 404 && e.message ? e.message : t('cpq.needLink')));
    return () => {
      live = false;
    };
  }, [cpqQuoteId, loggedIn, reload, t]);

  if (failed)
    return (
      <Result
        status="warning"
        title={failed}
        data-testid="cpq-details-refused"
        extra={
          <Button onClick={() => navigate(loggedIn ? '/quotationconfig/list' : '/product/catalog')}>
            {t(loggedIn ? 'menu.quotationConfig' : 'cpq.backToCatalog')}
          </Button>
        }
      />
    );
  if (!c) return <Spin style={{ display: 'block', margin: '80px auto' }} />;

  return (
    <div className="cpq-details" data-testid="cpq-details" data-id={c.Id}>
      <PageTitle
        extra={
          <Space className="cpq-no-print" wrap>
            {mayQuote && !c.QuoteId && !c.Expired && <AttachToQuote configurationId={c.Id} onDone={() => setReload((n) => n + 1)} />}
            {c.QuoteId && (
              <Button onClick={() => navigate(`/quote/view/${encodeURIComponent(c.QuoteId!)}`)} data-testid="cpq-open-quote">
                {`${t('cpq.quote')} ${c.QuoteNumber ?? ''}`}
              </Button>
            )}
            {c.Editable && (
              <Button onClick={() => navigate(editPath(c.Id, c.QuoteId))} data-testid="cpq-edit">
                {t('cpq.edit')}
              </Button>
            )}
            <Button icon={<PrinterOutlined />} onClick={() => window.print()} data-testid="cpq-print">
              {t('cpq.print')}
            </Button>
          </Space>
        }
      >
        <span data-testid="cpq-details-number">{c.Number}</span>
      </PageTitle>
      <Space direction="vertical" size={16} style={{ width: '100%' }}>
        <Card>
          <Descriptions column={{ xs: 1, sm: 2, lg: 3 }} size="small">
            <Descriptions.Item label={t('cpq.product')}>
              <span data-testid="cpq-details-product">{c.ProductName}</span> <Tag>{c.ProductCode}</Tag>
            </Descriptions.Item>
            <Descriptions.Item label={t('cpq.price')}>
              <Typography.Text strong style={{ color: '#cf1322', fontSize: 18 }} data-testid="cpq-details-price">
                ¥{yuan(c.Price)}
              </Typography.Text>
            </Descriptions.Item>
            <Descriptions.Item label={t('cpq.basePrice')}>¥{yuan(c.BasePrice)}</Descriptions.Item>
            <Descriptions.Item label={t('cpq.createdOn')}>{time(c.CreatedOn)}</Descriptions.Item>
            <Descriptions.Item label={t('cpq.expiresOn')}>
              <Space size={4}>
                {time(c.ExpiresOn)}
                {c.Expired && <Tag>{t('cpq.expiredTag')}</Tag>}
              </Space>
            </Descriptions.Item>
            {c.QuoteNumber && (
              <Descriptions.Item label={t('cpq.quote')}>
                <span data-testid="cpq-details-quote">{c.QuoteNumber}</span>
              </Descriptions.Item>
            )}
            {c.ContactName && <Descriptions.Item label={t('cpq.contactName')}>{c.ContactName}</Descriptions.Item>}
            {c.ContactPhone && <Descriptions.Item label={t('cpq.contactPhone')}>{c.ContactPhone}</Descriptions.Item>}
            {c.Remark && <Descriptions.Item label={t('cpq.remark')}>{c.Remark}</Descriptions.Item>}
          </Descriptions>
        </Card>
        <Card title={t('cpq.summary')} size="small">
          <Table
            size="small"
            pagination={false}
            rowKey={(r) => `${r.Group}:${r.Code}`}
            dataSource={c.Summary}
            scroll={{ x: 'max-content' }}
            data-testid="cpq-details-summary"
            columns={[
              { title: t('cpq.group'), dataIndex: 'Group' },
              { title: t('cpq.option'), dataIndex: 'Option' },
              {
                title: t('cpq.priceDelta'),
                dataIndex: 'PriceDelta',
                align: 'right',
                render: (v: string) => (Number(v) ? `¥${yuan(v)}` : t('cpq.included')),
              },
            ]}
          />
        </Card>
        <Card title={t('cpq.bom')} size="small">
          <Table
            size="small"
            pagination={false}
            rowKey="partNumber"
            dataSource={c.Bom}
            scroll={{ x: 'max-content' }}
            data-testid="cpq-details-bom"
            columns={[
              { title: t('cpq.partNumber'), dataIndex: 'partNumber' },
              { title: t('cpq.partName'), dataIndex: 'name' },
              { title: t('cpq.qty'), dataIndex: 'qty', align: 'right', render: (q: number, r) => `${q} ${r.uom ?? ''}` },
            ]}
          />
        </Card>
      </Space>
    </div>
  );
}
