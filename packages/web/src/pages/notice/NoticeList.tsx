import { SearchOutlined, ReloadOutlined, SettingOutlined } from '@ant-design/icons';
import { noticeType } from '@portal/model';
import { Badge, Button, Checkbox, Input, Pagination, Select, Space, Spin, Tag } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { listNotices, type NoticeItem } from '../../api/notices.ts';
import { refreshNoticeUnread, useCounters } from '../../app/counters.ts';
import { isFiltered, PAGE_SIZES, SEARCH_WIDTH, serializeGridState, useGridUrlState } from '../../entity-ui/grid-state.ts';
import { searchBoxProps } from '../../entity-ui/text-fit.ts';
import { useLocale, useT } from '../../locales/i18n.ts';
import { usePrivilege } from '../../session/use-privilege.ts';
import { formatUtc8 } from '../../shared/date.ts';
import { PageTitle } from '../PageTitle.tsx';

const DEFAULTS = { view: '', views: [''] };

const when = (v: string | null) => {
  try {
    return v ? formatUtc8(v) : '';
  } catch {
    return '';
  }
};

/**
 * Notices with their read state, type filter, search and publish time (spec 001 §2). The query
 * (type, keyword, unread only, page, size) is kept in the URL; the screen is kept alive.
 */
export function NoticeList({ base, title }: { base: '/dmsnotice' | '/servicenotice'; title: string }) {
  const t = useT();
  const lang = useLocale();
  const navigate = useNavigate();
  const can = usePrivilege();
  const unreadTotal = useCounters((s) => s.noticeUnread);
  const { state, update, active } = useGridUrlState(DEFAULTS);
  const [keyword, setKeyword] = useState(state.q);
  const [data, setData] = useState<{ items: NoticeItem[]; total: number }>({ items: [], total: 0 });
  // Loading from the first paint: the empty text waits for the answer.
  const [loading, setLoading] = useState(true);
  const seq = useRef(0);
  const type = state.filters.type ? Number(state.filters.type) : undefined;
  const unread = state.filters.unread === 'true';
  const key = serializeGridState(state, DEFAULTS);

  useEffect(() => setKeyword(state.q), [state.q]);

  useEffect(() => {
    if (!active) return;
    const n = ++seq.current;
    setLoading(true);
    listNotices({ page: state.page, count: state.size, type, keyword: state.q, unread })
      .then((r) => n === seq.current && setData(r))
      .catch(() => n === seq.current && setData({ items: [], total: 0 }))
      .finally(() => n === seq.current && setLoading(false));
    void refreshNoticeUnread();
    // key covers the whole query.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, active]);

  const setFilter = (patch: Record<string, string>) => {
    const filters = { ...state.filters, ...patch };
    for (const k of Object.keys(filters)) if (!filters[k]) delete filters[k];
    update({ filters, q: keyword.trim() });
  };

  return (
    <div data-testid="notice-list-page">
      <PageTitle
        extra={
          can('notice.publish') && (
            <Button icon={<SettingOutlined />} onClick={() => navigate('/dmsnotice/manage')} data-testid="notice-manage">
              {t('widgets.notice.manage')}
            </Button>
          )
        }
      >
        <Space>
          {title}
          <Badge count={unreadTotal} title={t('widgets.notice.unreadCount', { n: unreadTotal })} />
        </Space>
      </PageTitle>
      <div className="list-toolbar">
        <Space wrap>
          <Select
            data-testid="notice-type-filter"
            aria-label={t('widgets.notice.type')}
            value={type}
            allowClear
            placeholder={t('widgets.notice.allTypes')}
            style={{ width: 160 }}
            options={noticeType.options.map((o) => ({ value: o.value, label: o.label[lang] }))}
            onChange={(v?: number) => setFilter({ type: v ? String(v) : '' })}
          />
          <Input
            data-testid="notice-search"
            aria-label={t('widgets.notice.searchPlaceholder')}
            {...searchBoxProps(t('widgets.notice.searchPlaceholder'), SEARCH_WIDTH)}
            allowClear
            value={keyword}
            onChange={(e) => setKeyword(e.target.value)}
            onPressEnter={() => update({ q: keyword.trim() })}
          />
          <Checkbox
            data-testid="notice-unread-only"
            checked={unread}
            onChange={(e) => setFilter({ unread: e.target.checked ? 'true' : '' })}
          >
            {t('widgets.notice.unreadOnly')}
          </Checkbox>
          <Button type="primary" icon={<SearchOutlined />} onClick={() => update({ q: keyword.trim() })} data-testid="notice-query">
            {t('widgets.action.query')}
          </Button>
          <Button
            icon={<ReloadOutlined />}
            data-testid="notice-reset"
            onClick={() => {
              setKeyword('');
              update({ q: '', filters: {}, page: 1 });
            }}
          >
            {t('widgets.action.reset')}
          </Button>
        </Space>
      </div>
      <Spin spinning={loading}>
        <ul data-testid="notice-list" className="notice-list plain-list">
          {data.items.map((n) => (
            <li key={n.Id} className="notice-item" data-testid="notice-item" data-id={n.Id} data-read={n.IsRead ? 'true' : 'false'}>
              <span className="notice-item-dot" aria-hidden />
              <div className="notice-item-main">
                <Space size={8} wrap>
                  <Link className="notice-item-title" to={`${base}/view/${encodeURIComponent(n.Id)}`}>
                    {n.Title}
                  </Link>
                  {!n.IsRead && <Tag color="red">{t('widgets.notice.unread')}</Tag>}
                  <Tag color="blue">{n.TypeText || noticeType.options.find((o) => o.value === n.Type)?.label[lang]}</Tag>
                  {n.NeedReply && (
                    <Tag color={n.IsReplied ? 'green' : 'orange'}>
                      {n.IsReplied ? t('widgets.notice.replied') : t('widgets.notice.needReply')}
                    </Tag>
                  )}
                </Space>
                {n.Sub && <div className="notice-item-sub">{n.Sub}</div>}
                <div className="notice-item-meta">
                  <span>
                    {t('widgets.notice.publishTime')}：{when(n.PublishTime)}
                  </span>
                  {n.Publisher && (
                    <span>
                      {t('widgets.notice.publisher')}：{n.Publisher}
                    </span>
                  )}
                </div>
              </div>
            </li>
          ))}
          {!loading && data.items.length === 0 && (
            <li className="list-empty" data-testid="notice-empty" style={{ textAlign: 'center' }}>
              {isFiltered(state) ? t('widgets.empty.search') : t('widgets.empty.none')}
            </li>
          )}
        </ul>
      </Spin>
      <div className="list-pagination">
        <Pagination
          data-testid="notice-pagination"
          current={state.page}
          pageSize={state.size}
          total={data.total}
          showSizeChanger
          pageSizeOptions={PAGE_SIZES}
          showTotal={(total) => t('widgets.list.total', { total })}
          onChange={(page, size) => update(size !== state.size ? { size } : { page })}
        />
      </div>
    </div>
  );
}
