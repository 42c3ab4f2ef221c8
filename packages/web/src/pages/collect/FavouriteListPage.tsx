import { AppstoreOutlined } from '@ant-design/icons';
import type { FavouriteItem } from '@portal/model';
import { Button, Empty, Input, Select, Space, Tag } from 'antd';
import { useMemo, useState, type HTMLAttributes } from 'react';
import { Link, useNavigate } from 'react-router';
import { useLocale, useT } from '../../locales/i18n.ts';
import { formatUtc8 } from '../../shared/date.ts';
import { FavouriteStar } from '../../widgets/FavouriteStar.tsx';
import { PageTitle } from '../PageTitle.tsx';
import { CollectIntro } from './CollectIntro.tsx';
import { favouritePath, kindLabel, useFavourites } from './favourites.ts';
import { ResponsiveTable } from '../../widgets/ResponsiveTable.tsx';

/**
 * /collect/list (anonymous): signed out, what favourites are and sign-in; signed in, the user's
 * favourites newest first, by kind and name, each opening its product or document; unstarring
 * removes it from the list.
 */
export default function FavouriteListPage() {
  const t = useT();
  const lang = useLocale();
  const navigate = useNavigate();
  const { loggedIn, items, loading, remove } = useFavourites();
  const [kind, setKind] = useState('');
  const [text, setText] = useState('');

  const kinds = useMemo(() => [...new Set(items.map((f) => f.Entity))], [items]);
  const shown = useMemo(
    () => items.filter((f) => (!kind || f.Entity === kind) && (!text.trim() || f.Name.toLowerCase().includes(text.trim().toLowerCase()))),
    [items, kind, text],
  );

  if (!loggedIn) {
    return (
      <div data-testid="collect-list">
        <PageTitle>{t('collect.title')}</PageTitle>
        <CollectIntro returnTo="/collect/list" />
      </div>
    );
  }

  return (
    <div data-testid="collect-list">
      <PageTitle
        extra={
          <Button icon={<AppstoreOutlined />} onClick={() => navigate('/collect/view')} data-testid="collect-by-kind">
            {t('collect.byKind')}
          </Button>
        }
      >
        {t('collect.title')}
      </PageTitle>
      <Space wrap style={{ marginBottom: 12 }}>
        <Select
          data-testid="collect-kind"
          aria-label={t('collect.kind')}
          value={kind}
          onChange={setKind}
          style={{ minWidth: 160 }}
          options={[{ value: '', label: t('collect.all') }, ...kinds.map((k) => ({ value: k, label: kindLabel(k, lang) }))]}
        />
        <Input.Search
          data-testid="collect-search"
          aria-label={t('collect.search')}
          placeholder={t('collect.search')}
          allowClear
          value={text}
          onChange={(e) => setText(e.target.value)}
          style={{ width: 240 }}
        />
      </Space>
      <ResponsiveTable<FavouriteItem>
        card={{ tags: ['kind'], actions: 'star' }}
        data-testid="collect-table"
        rowKey={(f) => `${f.Entity}:${f.Id}`}
        loading={loading}
        dataSource={shown}
        pagination={{ pageSize: 20, hideOnSinglePage: true, showTotal: (total) => t('widgets.list.total', { total }) }}
        locale={{ emptyText: <Empty description={t('collect.empty')} /> }}
        onRow={(f) => ({ 'data-testid': 'collect-row', 'data-entity': f.Entity, 'data-id': f.Id }) as HTMLAttributes<HTMLElement>}
        columns={[
          { key: 'kind', title: t('collect.kind'), width: 140, render: (_, f) => <Tag>{kindLabel(f.Entity, lang)}</Tag> },
          {
            key: 'name',
            title: t('collect.name'),
            render: (_, f) => {
              const to = favouritePath(f);
              return to ? (
                <Link to={to} data-testid="collect-open">
                  {f.Name || '-'}
                </Link>
              ) : (
                <span>{f.Name || '-'}</span>
              );
            },
          },
          { key: 'created', title: t('collect.createdOn'), width: 170, render: (_, f) => formatUtc8(f.CreatedOn) },
          {
            key: 'star',
            title: '',
            width: 56,
            render: (_, f) => <FavouriteStar entity={f.Entity} id={f.Id} initial onChange={(on) => !on && remove(f)} />,
          },
        ]}
      />
    </div>
  );
}
