import { CloudDownloadOutlined, EyeOutlined, SendOutlined, StopOutlined } from '@ant-design/icons';
import { contentState, getEntity, type MessageKey } from '@portal/model';
import { Alert, Modal, Table } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import { downloadContent, previewContent, publishContent, retireContent, type ContentKind } from '../../api/content.ts';
import { displayValue, retrieveMultiple, type RecordRow } from '../../api/records.ts';
import { EntityFormPage } from '../../entity-ui/EntityFormPage.tsx';
import { useLocale, useT } from '../../locales/i18n.ts';
import { usePrivilege } from '../../session/use-privilege.ts';
import { saveBlob } from '../../shared/download.ts';
import type { ActionButton } from '../../widgets/ButtonGroup.tsx';
import { confirmCommand } from '../../widgets/confirm-command.ts';
import { DocumentTitle } from '../../widgets/DocumentTitle.tsx';
import { OptionTag } from '../../entity-ui/document/OptionTag.tsx';
import { num } from '../../entity-ui/document/num.ts';

/** What a published-document screen stands for: its entity, where its list and records are. */
export interface ContentScreen {
  kind: ContentKind;
  entity: string;
  listPath: string;
  viewPath: (id: string) => string;
}

export const DOWNLOAD_SCREEN: ContentScreen = {
  kind: 'filedownload',
  entity: 'new_filedownload',
  listPath: '/filedownload/list',
  viewPath: (id) => `/filedownload/view/${encodeURIComponent(id)}`,
};
export const TECH_FILE_SCREEN: ContentScreen = {
  kind: 'file',
  entity: 'new_techfile',
  listPath: '/file/list',
  viewPath: (id) => `/file/view/${encodeURIComponent(id)}`,
};

/** Types the server previews inline (routes/content.ts PREVIEW_TYPES). */
const PREVIEWABLE = ['application/pdf', 'image/png', 'image/jpeg', 'image/gif', 'image/webp'];
const WRITE = 'kb.write';

type Preview = { name: string; url: string; type: string };

/**
 * A published document (download centre or technical file): its fields as descriptions for readers,
 * 下载 (counted by the server) and 预览 (PDF and images, inline; a PDF opens in a window of its own,
 * since the portal frames nothing). Head office (kb.write) edits it, attaches its file and publishes
 * or retires it. Technical files list the other files of the same name (their versions).
 * Hooks: `content-header`, `content-state`, `content-download`, `content-preview`, `content-preview-dialog`,
 * `content-preview-open`, `content-publish`, `content-retire`, `content-refusal`, `content-versions`.
 */
export function ContentViewPage({ screen }: { screen: ContentScreen }) {
  const { id } = useParams();
  const t = useT();
  const lang = useLocale();
  const can = usePrivilege();
  const e = getEntity(screen.entity)!;
  const [row, setRow] = useState<RecordRow | null>(null);
  const [version, setVersion] = useState(0);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [preview, setPreview] = useState<Preview | null>(null);
  const refresh = useCallback(() => setVersion((v) => v + 1), []);
  const writer = can(WRITE);
  const state = num(row?.new_state) ?? contentState.draft;
  const published = state === contentState.published;
  const type = String(row?.new_contenttype ?? '');

  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview.url);
    },
    [preview],
  );

  const download = async () => {
    try {
      const { blob, filename } = await downloadContent(screen.kind, id!);
      saveBlob(blob, filename || String(row?.new_filename ?? 'file'));
      refresh();
    } catch {
      /* toasted */
    }
  };
  const showPreview = async () => {
    try {
      const { blob, filename } = await previewContent(screen.kind, id!);
      setPreview({ name: filename || String(row?.new_filename ?? ''), url: URL.createObjectURL(blob), type: blob.type || type });
    } catch {
      /* toasted */
    }
  };
  const command = (verb: 'publish' | 'retire') =>
    confirmCommand(t, {
      title: t(`content.${verb}` as MessageKey),
      content: t(`content.${verb}Ask` as MessageKey),
      run: () => (verb === 'publish' ? publishContent : retireContent)(screen.kind, id!),
      refused: setRefusal,
      after: refresh,
    });

  const actions: ActionButton[] = [
    {
      key: 'download',
      label: t('content.download'),
      icon: <CloudDownloadOutlined />,
      type: 'primary',
      hidden: !row || !published,
      onClick: download,
      testId: 'content-download',
    },
    {
      key: 'preview',
      label: t('content.preview'),
      icon: <EyeOutlined />,
      hidden: !row || !published || !PREVIEWABLE.includes(type),
      onClick: showPreview,
      testId: 'content-preview',
    },
    {
      key: 'publish',
      label: t('content.publish'),
      icon: <SendOutlined />,
      hidden: !row || !writer || published,
      onClick: () => command('publish'),
      testId: 'content-publish',
    },
    {
      key: 'retire',
      label: t('content.retire'),
      icon: <StopOutlined />,
      danger: true,
      hidden: !row || !writer || !published,
      onClick: () => command('retire'),
      testId: 'content-retire',
    },
  ];

  const title = (
    <DocumentTitle testId="content-header" label={e.label[lang]} number={row?.new_name}>
      {row && writer && <OptionTag set={contentState} value={state} testId="content-state" dataName="state" />}
    </DocumentTitle>
  );

  const versions =
    screen.kind === 'file' && row
      ? [
          {
            key: 'versions',
            label: <span data-testid="content-tab-versions">{t('content.otherVersions')}</span>,
            children: <OtherVersions screen={screen} row={row} />,
          },
        ]
      : [];

  return (
    <div data-testid="content-view" data-state={row ? state : ''} data-downloads={row ? (num(row.new_downloadcount) ?? 0) : ''}>
      {refusal && (
        <Alert
          type="error"
          showIcon
          closable
          title={refusal}
          onClose={() => setRefusal(null)}
          style={{ marginBottom: 12 }}
          data-testid="content-refusal"
        />
      )}
      <EntityFormPage
        entity={screen.entity}
        id={id}
        backTo={screen.listPath}
        editPath={screen.viewPath}
        title={title}
        canWrite={writer}
        allowDelete={writer && state === contentState.draft}
        // Readers get the file through 下载 (counted); head office attaches it in the attachments tab.
        attachmentsTab={writer}
        actions={actions}
        extraTabs={versions}
        onLoaded={setRow}
        reloadSignal={version}
      />
      <Modal open={!!preview} title={preview?.name} footer={null} onCancel={() => setPreview(null)} width={760} centered destroyOnHidden>
        <div data-testid="content-preview-dialog" data-type={preview?.type ?? ''} style={{ textAlign: 'center' }}>
          {preview &&
            (preview.type.startsWith('image/') ? (
              <img src={preview.url} alt={preview.name} style={{ maxWidth: '100%', maxHeight: '70vh' }} />
            ) : (
              <a href={preview.url} target="_blank" rel="noopener noreferrer" data-testid="content-preview-open">
                <EyeOutlined /> {t('content.previewOpen')}
              </a>
            ))}
        </div>
      </Modal>
    </div>
  );
}

/** The other files of the same name (a drawing's earlier and later versions) the caller may see. */
function OtherVersions({ screen, row }: { screen: ContentScreen; row: RecordRow }) {
  const e = getEntity(screen.entity)!;
  const lang = useLocale();
  const [rows, setRows] = useState<RecordRow[] | null>(null);
  const id = String(row[e.primaryKey] ?? '');
  const name = String(row.new_name ?? '');
  useEffect(() => {
    let live = true;
    const quoted = name.replaceAll("'", "''");
    retrieveMultiple(
      e.entitySet,
      {
        select: ['new_name', 'new_version', 'new_state', 'new_publishedon', 'new_product_id'],
        filter: `new_name eq '${quoted}' and ${e.primaryKey} ne ${id}`,
        orderby: 'new_publishedon desc',
        top: 50,
      },
      { silent: true },
    ).then(
      (r) => live && setRows(r.rows),
      () => live && setRows([]),
    );
    return () => {
      live = false;
    };
  }, [e, id, name]);
  const col = (f: string) => ({ key: f, title: e.allFields[f].label[lang], render: (_: unknown, r: RecordRow) => displayValue(r, f) });
  return (
    <Table
      data-testid="content-versions"
      size="small"
      loading={rows === null}
      rowKey={(r) => String(r[e.primaryKey])}
      dataSource={rows ?? []}
      pagination={false}
      columns={[
        {
          key: 'new_version',
          title: e.allFields.new_version.label[lang],
          render: (_: unknown, r: RecordRow) => (
            <Link to={screen.viewPath(String(r[e.primaryKey]))}>{displayValue(r, 'new_version') || '-'}</Link>
          ),
        },
        col('new_product_id'),
        col('new_state'),
        col('new_publishedon'),
      ]}
    />
  );
}

export function FileDownloadViewPage() {
  return <ContentViewPage screen={DOWNLOAD_SCREEN} />;
}

export function TechFileViewPage() {
  return <ContentViewPage screen={TECH_FILE_SCREEN} />;
}
