import { label } from '../define.ts';

/** Texts of the files area (owned by its developer). Keys are stable; both languages side by side. */
export const filesMessages = {
  'files.noFile': label('请选择文件', 'select file'),
} as const;
