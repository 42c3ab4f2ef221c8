/** spec 000 §3: every JSON answer under /api. */
export interface Envelope<T> {
  ErrorCode: number;
  Message: string;
  Data: T;
}

/** The field a command's refusal names (`{ error: { field } }` beside the envelope), if any. */
export function refusedField(body: unknown): string | undefined {
  const error = body && typeof body === 'object' ? (body as { error?: unknown }).error : undefined;
  const field = error && typeof error === 'object' ? (error as { field?: unknown }).field : undefined;
  return typeof field === 'string' && field ? field : undefined;
}

export function isEnvelope(v: unknown): v is Envelope<unknown> {
  return !!v && typeof v === 'object' && 'ErrorCode' in v && typeof (v as { ErrorCode: unknown }).ErrorCode === 'number';
}

/** A failed call, carrying the text the user should read. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly errorCode?: number,
    /** Set once the text has been shown, so callers that also toast do not show it twice. */
    public notified = false,
    /** The envelope's Data of a refused call (validation errors: `{ errors: [{ field, message }] }`). */
    readonly data?: unknown,
    /** The field a business refusal names (`error.field` of the envelope), for the form to mark. */
    readonly field?: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

// A .NET exception type name ending a prefix such as
// "Microsoft.Xrm.Sdk.InvalidPluginExecutionException:" or "System.ServiceModel.FaultException`1[…]:".
const EXCEPTION_PREFIX = /(?:[A-Za-z_][\w]*\.)*[A-Za-z_]*Exception(?:`\d+)?(?:\[[^\]]*\])?\s*[:：]\s*/g;
// Stack-trace lines ("   at Plugin.Execute(...)") that sometimes trail the text.
const STACK_LINE = /\r?\n\s*at\s.*$/gm;

/**
 * spec 000 §8: a workflow or plug-in failure reaches the portal as "<exception type>: <text>";
 * users read only the text after the last such prefix.
 */
export function trimWorkflowMessage(message: string | null | undefined): string {
  if (!message) return '';
  let end = -1;
  for (const m of message.matchAll(EXCEPTION_PREFIX)) end = (m.index ?? 0) + m[0].length;
  const rest = end >= 0 ? message.slice(end) : message;
  const text = rest.replace(STACK_LINE, '').trim();
  return text || message.trim();
}
