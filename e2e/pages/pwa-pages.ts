import type { CDPSession, Page } from 'playwright-core';

export interface AppManifest {
  url: string;
  errors: { message: string; critical: number }[];
  data?: string;
}

export interface InstallabilityError {
  errorId: string;
  errorArguments: { name: string; value: string }[];
}

/**
 * The installable portal as Chromium sees it (DevTools protocol, Page domain): the linked manifest,
 * installability, the service worker and its cache.
 */
export class InstallablePortal {
  private cdp?: CDPSession;

  constructor(readonly page: Page) {}

  private async session(): Promise<CDPSession> {
    this.cdp ??= await this.page.context().newCDPSession(this.page);
    return this.cdp;
  }

  /** The manifest the page links, as fetched and parsed by the browser (`Page.getAppManifest`). */
  async manifest(): Promise<AppManifest> {
    return (await (await this.session()).send('Page.getAppManifest', {})) as AppManifest;
  }

  /** Why Chromium would not offer to install the app; empty when it would (`Page.getInstallabilityErrors`). */
  async installabilityErrors(): Promise<InstallabilityError[]> {
    const r = (await (await this.session()).send('Page.getInstallabilityErrors')) as { installabilityErrors: InstallabilityError[] };
    return r.installabilityErrors;
  }

  /** Waits until a service worker controls the page; its script URL. */
  async waitForController(): Promise<string> {
    const h = await this.page.waitForFunction(() => navigator.serviceWorker?.controller?.scriptURL ?? false);
    return (await h.jsonValue()) as string;
  }

  /** Waits until the worker's cache holds a build file whose name starts with `prefix` (e.g. `ServiceHomePage-`). */
  async waitForCached(prefix: string): Promise<void> {
    await this.page.waitForFunction(async (p) => {
      for (const name of await caches.keys()) {
        const keys = await (await caches.open(name)).keys();
        if (keys.some((r) => new URL(r.url).pathname.startsWith(`/assets/${p}`))) return true;
      }
      return false;
    }, prefix);
  }
}
