import { bool, dateTime, defineEntity, label, lookup, memo, optionSet, text } from '../define.ts';
import { noticeStatus, noticeType } from '../option-sets/service.ts';

/** Notices from head office to the network, with read and reply records (spec 001 §3, §4). */
export const notice = defineEntity({
  logicalName: 'new_notice',
  entitySet: 'new_notices',
  label: label('公告', 'Notice'),
  scope: { kind: 'global' },
  access: { read: 'notice.read', write: 'notice.publish' },
  attachments: true,
  fields: {
    new_name: text(label('标题', 'Title'), { required: true, searchable: true, maxLength: 200 }),
    new_type: optionSet(noticeType, undefined, { required: true, indexed: true }),
    new_summary: text(label('摘要', 'Summary'), { maxLength: 300 }),
    new_content: memo(label('正文', 'Content'), { required: true, maxLength: 20000 }),
    new_status: optionSet(noticeStatus, undefined, { required: true, indexed: true }),
    new_publishtime: dateTime(label('发布时间', 'Publish time'), { indexed: true }),
    new_needreply: bool(label('需要回复', 'Reply required')),
    new_publisher: text(label('发布部门', 'Publisher'), { maxLength: 100 }),
  },
  views: {
    published: {
      label: label('已发布公告', 'Published notices'),
      columns: ['new_name', 'new_type', 'new_publishtime', 'new_publisher', 'new_needreply'],
      orderBy: [['new_publishtime', 'desc']],
      filter: { new_status: noticeStatus.published },
    },
    all: {
      label: label('全部公告', 'All notices'),
      columns: ['new_name', 'new_type', 'new_status', 'new_publishtime', 'new_publisher'],
      orderBy: [['createdon', 'desc']],
    },
  },
  forms: {
    main: [
      {
        key: 'basic',
        label: label('公告信息', 'Notice'),
        fields: ['new_name', 'new_type', 'new_status', 'new_publishtime', 'new_publisher', 'new_needreply', 'new_summary'],
      },
      { key: 'content', label: label('正文', 'Content'), fields: ['new_content'] },
    ],
  },
});

/** One user's reading of a notice (read state per user). */
export const noticeRead = defineEntity({
  logicalName: 'new_noticeread',
  entitySet: 'new_noticereads',
  label: label('公告阅读记录', 'Notice read record'),
  scope: { kind: 'user', field: 'ownerid' },
  access: { read: 'notice.read' },
  fields: {
    new_name: text(label('名称', 'Name'), { maxLength: 200 }),
    new_notice_id: lookup('new_notice', label('公告', 'Notice'), { required: true, indexed: true }),
    new_readtime: dateTime(label('阅读时间', 'Read on'), { readOnly: true }),
  },
  indexes: [['new_notice_id', 'ownerid']],
});

/** A station's reply to a notice; head office sees all replies, a station its own. */
export const noticeReply = defineEntity({
  logicalName: 'new_noticereply',
  entitySet: 'new_noticereplies',
  label: label('公告回复', 'Notice reply'),
  scope: { kind: 'businessUnit', field: 'owningbusinessunit' },
  access: { read: 'notice.read', write: 'notice.read' },
  fields: {
    new_name: text(label('回复人', 'Replied by'), { maxLength: 100, readOnly: true }),
    new_notice_id: lookup('new_notice', label('公告', 'Notice'), { required: true, indexed: true }),
    new_content: memo(label('回复内容', 'Reply'), { required: true, maxLength: 1000 }),
  },
  views: {
    all: {
      label: label('全部回复', 'All replies'),
      columns: ['new_name', 'new_content', 'owningbusinessunit', 'createdon'],
      orderBy: [['createdon', 'desc']],
    },
  },
});
