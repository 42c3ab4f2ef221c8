import { contractController } from '../domain/contract/contract.controller.ts';
import { adjustmentController } from '../domain/quota/adjustment.controller.ts';
import { partsReturnController } from '../domain/parts-return/parts-return.controller.ts';
import { siteReturnController } from '../domain/site-return/site-return.controller.ts';
import type { DocumentController } from './controller.ts';

/** Every document controller: the one place a document's business is registered (its routes and hooks follow). */
const CONTROLLERS: DocumentController[] = [adjustmentController, siteReturnController, partsReturnController, contractController];

/** The registered controllers (a test adds a fixture document with `registerController` before the portal starts). */
export const documentControllers = (): readonly DocumentController[] => CONTROLLERS;

export function registerController(c: DocumentController): void {
  if (!CONTROLLERS.some((x) => x.entity.logicalName === c.entity.logicalName && x.entity.entitySet === c.entity.entitySet))
    CONTROLLERS.push(c);
}
