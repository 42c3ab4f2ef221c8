import { callBlob, call, type CallOptions } from './client.ts';

export interface ImportRowError {
  row: number;
  field: string;
  message: string;
}

export const excelTemplate = (entitySet: string, opts?: CallOptions) => callBlob(`/api/excel/template/${entitySet}`, opts);

export async function excelImport(entitySet: string, file: File): Promise<{ imported: number }> {
  const fd = new FormData();
  fd.append('file', file, file.name);
  const env = await call<{ imported: number }>(`/api/excel/import/${entitySet}`, { method: 'POST', formData: fd, silent: true });
  return { imported: Number(env.Data?.imported ?? 0) };
}

export function importErrorsOf(data: unknown): ImportRowError[] {
  const errors = data && typeof data === 'object' ? (data as { errors?: unknown }).errors : undefined;
  if (!Array.isArray(errors)) return [];
  return errors.map((e) => {
    const o = (e ?? {}) as { row?: unknown; field?: unknown; message?: unknown };
    return { row: Number(o.row ?? 0), field: String(o.field ?? ''), message: String(o.message ?? '') };
  });
}
