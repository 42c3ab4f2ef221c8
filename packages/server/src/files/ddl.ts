/** Tables of the files area (attachments, upload tickets): not CRM entities. Run by migrate(). */
export const FILES_DDL: string[] = [];
