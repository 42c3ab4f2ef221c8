/** Work-order refusals are the commands' common refusal (a message and the field at fault). */
export { Refusal as WorkOrderRefusal, refuse } from '../../http/errors.ts';
