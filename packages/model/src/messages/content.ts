import { label } from '../define.ts';

/** Texts of the download centre (资料下载) and technical files (技术资料): menu, commands, refusals. */
export const contentMessages = {
  'menu.fileDownload': label('资料下载', 'Download centre'),
  'menu.techFile': label('技术资料', 'Technical files'),
  'content.download': label('下载', 'Download'),
  'content.preview': label('预览', 'Preview'),
  'content.previewOpen': label('在新窗口中打开', 'Open in a new window'),
  'content.noPreview': label('此类文件不能在线预览，请下载后查看', 'This kind of file cannot be previewed; download it to open it'),
  'content.publish': label('发布', 'Publish'),
  'content.publishAsk': label(
    '发布后，适用对象即可查看和下载此资料。确定发布吗？',
    'Once published, its audience can see and download it. Publish?',
  ),
  'content.retire': label('下架', 'Retire'),
  'content.retireAsk': label(
    '下架后，服务站和门店将不再看到此资料。确定下架吗？',
    'Once retired, stations and stores no longer see it. Retire?',
  ),
  'content.published': label('已发布', 'Published'),
  'content.retired': label('已下架', 'Retired'),
  'content.fileRequired': label('请先在“附件”中上传文件，再发布', 'Upload the file under Attachments before publishing'),
  'content.notPublishable': label('只有草稿或已下架的资料可以发布', 'Only a draft or retired document can be published'),
  'content.notRetirable': label('只有已发布的资料可以下架', 'Only a published document can be retired'),
  'content.onlyDraftDelete': label('只有草稿可以删除', 'Only a draft can be deleted'),
  'content.noFile': label('此资料还没有文件', 'This document has no file yet'),
  'content.otherVersions': label('同一产品的其他技术资料', 'Other files of the same product'),
} as const;
