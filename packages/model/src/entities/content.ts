import { dateTime, defineEntity, int, label, lookup, memo, optionSet, text } from '../define.ts';
import { contentAudience, contentState, downloadCategory, techFileType } from '../option-sets/content.ts';

/**
 * Fields every published document shares: its file (the newest attachment of the row; name, size and
 * type are recorded when it is published), publication state and date, and how often it was downloaded.
 */
const publishedFields = () => ({
  new_version: text(label('版本', 'Version'), { maxLength: 20 }),
  new_state: optionSet(contentState, undefined, { readOnly: true, indexed: true }),
  new_publishedon: dateTime(label('发布时间', 'Published on'), { readOnly: true, indexed: true }),
  new_filename: text(label('文件名', 'File name'), { readOnly: true, maxLength: 255 }),
  new_filesize: text(label('文件大小', 'Size'), { readOnly: true, maxLength: 20 }),
  new_contenttype: text(label('文件格式', 'Format'), { readOnly: true, maxLength: 120 }),
  new_downloadcount: int(label('下载次数', 'Downloads'), { readOnly: true, min: 0 }),
  new_description: memo(label('说明', 'Description'), { maxLength: 1000, searchable: true }),
});

/** Readers see published rows only; head office (kb.write) every row. */
const published = { field: 'new_state', value: contentState.published, wide: 'kb.write' } as const;

/**
 * Download centre (资料下载, /filedownload): documents head office publishes to the network — manuals,
 * price lists, forms — with category, version and audience. The file is the row's attachment; it is
 * downloaded through /api/content/filedownload/{id}/download, which counts the download.
 */
export const fileDownload = defineEntity({
  logicalName: 'new_filedownload',
  entitySet: 'new_filedownloads',
  label: label('下载中心资料', 'Download'),
  pluralLabel: label('下载中心', 'Download centre'),
  scope: {
    kind: 'global',
    published: {
      ...published,
      audience: {
        field: 'new_audience',
        all: contentAudience.all,
        grants: { 'portal.login': contentAudience.network, 'portal.store.login': contentAudience.stores },
      },
    },
  },
  access: { read: 'kb.read', write: 'kb.write' },
  screens: {
    list: {
      name: 'fileDownloadList',
      path: '/filedownload/list',
      keepAlive: true,
      title: 'menu.fileDownload',
      allowImport: false,
      allowDelete: false,
      menu: { group: 'base', order: 50, key: 'fileDownload', label: 'menu.fileDownload' },
    },
    create: { name: 'fileDownloadCreate', path: '/filedownload/create' },
    view: { name: 'fileDownloadView', path: '/filedownload/view/:id', page: 'FileDownloadViewPage' },
  },
  attachments: true,
  fields: {
    new_name: text(label('资料名称', 'Title'), { required: true, searchable: true, maxLength: 200 }),
    new_category: optionSet(downloadCategory, undefined, { required: true, indexed: true }),
    new_audience: optionSet(contentAudience, undefined, { required: true }),
    ...publishedFields(),
  },
  views: {
    published: {
      label: label('已发布资料', 'Published documents'),
      columns: ['new_name', 'new_category', 'new_version', 'new_filesize', 'new_publishedon', 'new_downloadcount'],
      orderBy: [['new_publishedon', 'desc']],
      filter: { new_state: contentState.published },
    },
    all: {
      label: label('全部资料', 'All documents'),
      columns: [
        'new_name',
        'new_category',
        'new_version',
        'new_audience',
        'new_state',
        'new_filesize',
        'new_publishedon',
        'new_downloadcount',
      ],
      orderBy: [['createdon', 'desc']],
    },
  },
  forms: {
    main: [
      {
        key: 'basic',
        label: label('资料信息', 'Document'),
        fields: ['new_name', 'new_category', 'new_version', 'new_audience', 'new_description'],
      },
      {
        key: 'file',
        label: label('文件与发布', 'File and publication'),
        fields: ['new_state', 'new_publishedon', 'new_filename', 'new_filesize', 'new_contenttype', 'new_downloadcount'],
        on: 'edit',
      },
    ],
  },
});

/**
 * Technical files (技术资料, /file): service manuals, drawings, wiring diagrams of a product line or
 * one product, published by head office to every reader; same file handling as the download centre.
 */
export const techFile = defineEntity({
  logicalName: 'new_techfile',
  entitySet: 'new_techfiles',
  label: label('技术资料', 'Technical file'),
  pluralLabel: label('技术资料', 'Technical files'),
  scope: { kind: 'global', published },
  access: { read: 'kb.read', write: 'kb.write' },
  screens: {
    list: {
      name: 'techFileList',
      path: '/file/list',
      keepAlive: true,
      title: 'menu.techFile',
      allowImport: false,
      allowDelete: false,
      menu: { group: 'base', order: 60, key: 'techFile', label: 'menu.techFile' },
    },
    create: { name: 'techFileCreate', path: '/file/create' },
    view: { name: 'techFileView', path: '/file/view/:id', page: 'TechFileViewPage' },
  },
  attachments: true,
  fields: {
    new_name: text(label('资料名称', 'Title'), { required: true, searchable: true, maxLength: 200 }),
    new_filetype: optionSet(techFileType, undefined, { required: true, indexed: true }),
    new_productline_id: lookup('new_productline', label('产品线', 'Product line'), { required: true, indexed: true }),
    new_product_id: lookup('product', label('产品', 'Product'), { indexed: true, fills: { new_productline_id: 'new_productline_id' } }),
    ...publishedFields(),
  },
  views: {
    published: {
      label: label('已发布技术资料', 'Published technical files'),
      columns: [
        'new_name',
        'new_filetype',
        'new_productline_id',
        'new_product_id',
        'new_version',
        'new_filesize',
        'new_publishedon',
        'new_downloadcount',
      ],
      orderBy: [['new_publishedon', 'desc']],
      filter: { new_state: contentState.published },
    },
    all: {
      label: label('全部技术资料', 'All technical files'),
      columns: [
        'new_name',
        'new_filetype',
        'new_productline_id',
        'new_product_id',
        'new_version',
        'new_state',
        'new_publishedon',
        'new_downloadcount',
      ],
      orderBy: [['createdon', 'desc']],
    },
  },
  forms: {
    main: [
      {
        key: 'basic',
        label: label('资料信息', 'File'),
        fields: ['new_name', 'new_filetype', 'new_productline_id', 'new_product_id', 'new_version', 'new_description'],
      },
      {
        key: 'file',
        label: label('文件与发布', 'File and publication'),
        fields: ['new_state', 'new_publishedon', 'new_filename', 'new_filesize', 'new_contenttype', 'new_downloadcount'],
        on: 'edit',
      },
    ],
  },
});
