import type { MessageKey } from '@portal/model';
import { AppError } from '../http/errors.ts';

/** Refusals of the flow engine; the flow routes send them as `WorkflowException: <text>`. */
export const WORKFLOW_PREFIX = 'WorkflowException: ';

export const flowBad = (key: MessageKey) => new AppError(400, key);
export const flowForbidden = (key: MessageKey) => new AppError(403, key);
export const flowNotFound = (key: MessageKey) => new AppError(404, key);
