import { Button, Card, Input, Result, Skeleton, Space, Tag, Typography } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { getNotice, replyNotice, type NoticeDetail } from '../../api/notices.ts';
import { refreshNoticeUnread } from '../../app/counters.ts';
import { toast } from '../../app/feedback.ts';
import { isRouted } from '../../app/match-route.ts';
import { useT } from '../../locales/i18n.ts';
import { usePrivilege } from '../../session/use-privilege.ts';
import { formatUtc8 } from '../../shared/date.ts';
import { AttachmentList } from '../../widgets/attachments/AttachmentList.tsx';
import { DetailHeader } from '../../widgets/DetailHeader.tsx';
import { charCount } from '../../widgets/typed-rules.ts';
import './notice-reply.css';

/** Reply limit of the notice reply call. */
export const REPLY_MAX = 1000;

const when = (v: string | null | undefined) => {
  try {
    return v ? formatUtc8(v) : '';
  } catch {
    return '';
  }
};

/**
 * The replier as shown beside the unit: a reply's stored name is "person（station）", so the unit is
 * cut from it when the unit is shown anyway (else each reply named the station twice).
 */
export function replierName(name: string, unit: string): string {
  if (!unit) return name;
  for (const [open, close] of [
    ['（', '）'],
    ['(', ')'],
  ]) {
    const suffix = `${open}${unit}${close}`;
    if (name.endsWith(suffix) && name.length > suffix.length) return name.slice(0, -suffix.length).trim();
  }
  return name;
}

/** Where "back" goes from each entry: the service list, the message centre, or the notice list. */
export function noticeBackPath(pathname: string): string {
  if (pathname.startsWith('/servicenotice/')) return '/servicenotice/list';
  if (pathname.startsWith('/dmsnotice/msgview/') && isRouted('/message/message')) return '/message/message';
  return '/dmsnotice/list';
}

/**
 * One notice (/dmsnotice/view/:id, /dmsnotice/msgview/:id, /servicenotice/view/:id): content,
 * attachments (read-only except for publishers), replies and, when a reply is required, a reply box.
 * Opening it marks it read.
 */
export default function NoticeViewPage() {
  const { id = '' } = useParams();
  const { pathname } = useLocation();
  const t = useT();
  const navigate = useNavigate();
  const can = usePrivilege();
  const [notice, setNotice] = useState<NoticeDetail | null>(null);
  const [missing, setMissing] = useState(false);
  const [reply, setReply] = useState('');
  const [replyError, setReplyError] = useState('');
  const [sending, setSending] = useState(false);
  const back = noticeBackPath(pathname);

  const load = useCallback(async () => {
    try {
      setNotice(await getNotice(id));
      // Opening marked it read: the header count follows.
      void refreshNoticeUnread();
    } catch {
      setMissing(true);
    }
  }, [id]);

  useEffect(() => {
    setNotice(null);
    setMissing(false);
    void load();
  }, [load]);

  // A reply over the limit is kept whole and refused as it is typed (never cut).
  const over = charCount(reply) > REPLY_MAX;
  const shownError = replyError || (over ? t('widgets.notice.replyTooLong') : '');

  const send = async () => {
    const text = reply.trim();
    if (!text) return setReplyError(t('widgets.notice.replyRequired'));
    if (charCount(text) > REPLY_MAX) return setReplyError(t('widgets.notice.replyTooLong'));
    setReplyError('');
    setSending(true);
    try {
      await replyNotice(id, text);
      toast.success(t('widgets.notice.replySent'));
      setReply('');
      await load();
    } catch {
      /* toasted */
    } finally {
      setSending(false);
    }
  };

  if (missing)
    return (
      <Result status="404" title={t('widgets.form.notFound')} extra={<Button onClick={() => navigate(back)}>{t('common.back')}</Button>} />
    );
  if (!notice) return <Skeleton active paragraph={{ rows: 10 }} />;

  return (
    <div data-testid="notice-view" data-id={notice.Id}>
      <DetailHeader
        title={notice.Title}
        backTo={back}
        tags={
          <Space size={4}>
            <Tag color="blue">{notice.TypeText}</Tag>
            {notice.NeedReply && (
              <Tag color={notice.IsReplied ? 'green' : 'orange'}>
                {notice.IsReplied ? t('widgets.notice.replied') : t('widgets.notice.needReply')}
              </Tag>
            )}
          </Space>
        }
      />
      <Card style={{ marginBottom: 16 }}>
        <div className="notice-item-meta" style={{ marginTop: 0, marginBottom: 16 }}>
          <span>
            {t('widgets.notice.publishTime')}：{when(notice.PublishTime)}
          </span>
          {notice.Publisher && (
            <span>
              {t('widgets.notice.publisher')}：{notice.Publisher}
            </span>
          )}
        </div>
        {notice.Sub && <Typography.Paragraph type="secondary">{notice.Sub}</Typography.Paragraph>}
        {/* Shown as text: notice bodies are never interpreted as HTML. */}
        <div className="content-text" data-testid="notice-content">
          {notice.Content}
        </div>
      </Card>
      <Card title={t('widgets.notice.attachments')} style={{ marginBottom: 16 }}>
        <AttachmentList moduleType="new_notice" objectId={notice.Id} readOnly={!can('notice.publish')} />
      </Card>
      <Card title={t('widgets.notice.replies', { n: notice.Replies?.length ?? 0 })}>
        {(notice.Replies ?? []).length === 0 && <Typography.Text type="secondary">{t('widgets.notice.noReplies')}</Typography.Text>}
        {(notice.Replies ?? []).map((r) => (
          <div key={r.Id} className="notice-reply" data-testid="notice-reply" data-id={r.Id}>
            <div className="notice-reply-head">
              <strong data-testid="notice-reply-author">{replierName(r.ReplierName, r.UnitName)}</strong>
              {r.UnitName && <span data-testid="notice-reply-unit">{r.UnitName}</span>}
              <span>{when(r.CreatedOn)}</span>
            </div>
            <div className="content-text">{r.Content}</div>
          </div>
        ))}
        {notice.NeedReply && (
          <div style={{ marginTop: 16 }}>
            <Input.TextArea
              data-testid="notice-reply-input"
              aria-label={t('widgets.notice.replyPlaceholder')}
              placeholder={t('widgets.notice.replyPlaceholder')}
              value={reply}
              autoSize={{ minRows: 3, maxRows: 8 }}
              status={shownError ? 'error' : undefined}
              onChange={(e) => {
                setReply(e.target.value);
                if (replyError) setReplyError('');
              }}
            />
            {/* The count sits in the action row, left of the button: antd's showCount floats
                below the box, where the button row covered it. */}
            <div className="notice-reply-actions" data-testid="notice-reply-actions">
              {shownError ? (
                <Typography.Text type="danger" data-testid="notice-reply-error">
                  {shownError}
                </Typography.Text>
              ) : (
                <span />
              )}
              <Typography.Text className="notice-reply-count" type={over ? 'danger' : undefined} data-testid="notice-reply-count">
                {charCount(reply)} / {REPLY_MAX}
              </Typography.Text>
              <Button type="primary" loading={sending} onClick={send} data-testid="notice-reply-submit">
                {t('widgets.notice.replySubmit')}
              </Button>
            </div>
          </div>
        )}
      </Card>
    </div>
  );
}
