/** The response envelope of spec 000 §3: ErrorCode 0 on success. */
export interface Envelope<T> {
  ErrorCode: number;
  Message: string;
  Data: T;
}

export const ok = <T>(Data: T, Message = ''): Envelope<T> => ({ ErrorCode: 0, Message, Data });
export const fail = (ErrorCode: number, Message: string): Envelope<null> => ({ ErrorCode, Message, Data: null });
