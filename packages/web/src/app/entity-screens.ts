import type { MessageKey } from '@portal/model';

/**
 * An entity screen as the web's routes carry it (app/model-routes.ts makes it from the model's
 * `screens` declaration): generic screens are drawn by entity-ui/, specific pages stand for one.
 */
export type ScreenKind = 'list' | 'create' | 'edit' | 'view';

export interface ListScreenOptions {
  /** Views offered (default: all of the entity's). */
  views?: string[];
  /** Title as a message key (default: the entity's plural label). */
  title?: MessageKey;
  allowImport?: boolean;
  allowDelete?: boolean;
  /** Read-only list even for writers (records written by business commands). */
  readOnly?: boolean;
  /** The views as tabs with their counts. */
  viewTabs?: boolean;
}

export interface FormScreenOptions {
  /** The record id comes from the `id` query parameter instead of the path (`/stationPart/edit?id=`). */
  idFromQuery?: boolean;
  allowDelete?: boolean;
  /** A document page's test-id prefix (default the entity's logical name). */
  testIdPrefix?: string;
}

export interface EntityScreen {
  entity: string;
  kind: ScreenKind;
  /** Made by `screen.*` (the generic components); specific pages that stand for the screen leave it out. */
  generic?: true;
  list?: ListScreenOptions;
  form?: FormScreenOptions;
}
