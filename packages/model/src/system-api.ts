/** One check of the administrator's self-check page (/test/test, `GET /api/system/selfcheck`). */
export interface SelfCheck {
  key: 'database' | 'storage' | 'sms' | 'mapTiles' | 'version';
  status: 'ok' | 'warn' | 'fail';
  /** Facts for the page (engine, version, sizes, URL…), not translated: names and numbers. */
  detail: Record<string, string | number | boolean | null>;
  /** Why it is warn/fail (an error's message), empty when ok. */
  error: string;
  ms: number;
}
