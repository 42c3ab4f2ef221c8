import { screen } from './entity-screens.ts';
import type { RouteDef } from './routes.ts';


/**
 * Download centre (资料下载) and technical files (技术资料), spec 001 §2 Content and support. Lists are
 * generic (readers see published rows only: the server's scope); the record screen is the view page
 * with preview and the counted download. Head office (kb.write) creates through the list's 新建.
 */
export const CONTENT_ROUTES: RouteDef[] = [
  { name: 'fileDownloadList', path: '/filedownload/list', keepAlive: true, ...screen.list('new_filedownload', { title: 'menu.fileDownload', allowImport: false, allowDelete: false }) },
  { name: 'fileDownloadCreate', path: '/filedownload/create', ...screen.create('new_filedownload') },
  { name: 'fileDownloadView', path: '/filedownload/view/:id', layout: 'shell', permissions: ['kb.read'], screen: { entity: 'new_filedownload', kind: 'view' }, page: 'FileDownloadViewPage' },
  { name: 'techFileList', path: '/file/list', keepAlive: true, ...screen.list('new_techfile', { title: 'menu.techFile', allowImport: false, allowDelete: false }) },
  { name: 'techFileCreate', path: '/file/create', ...screen.create('new_techfile') },
  { name: 'techFileView', path: '/file/view/:id', layout: 'shell', permissions: ['kb.read'], screen: { entity: 'new_techfile', kind: 'view' }, page: 'TechFileViewPage' },
];
