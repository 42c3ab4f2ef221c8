import type { MessageKey } from '@portal/model';
import { AppError } from '../../http/errors.ts';

/**
 * A refusal of a work-order command: 400 with a catalogue message and, when one field is at
 * fault (a completion check, an appointment value), that field's name for the form to mark.
 */
export class WorkOrderRefusal extends AppError {
  constructor(key: MessageKey, params?: Record<string, string | number>, readonly field?: string, status = 400) {
    super(status, key, params);
  }
}

export const refuse = (key: MessageKey, params?: Record<string, string | number>, field?: string) => new WorkOrderRefusal(key, params, field);
