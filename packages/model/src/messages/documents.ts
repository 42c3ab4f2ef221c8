import { label } from '../define.ts';

/** Texts of the document kernel (server/src/documents/): a command asked in a state it does not start from, and its success. */
export const documentMessages = {
  'documents.commandState': label('单据当前状态为“{state}”，不能{command}', 'The document is “{state}”: “{command}” is not possible now'),
  'documents.commandDone': label('{command}成功', '{command}: done'),
  'documents.print': label('打印', 'Print'),
} as const;
