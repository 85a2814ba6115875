// One call per test file: start the real server and one Chromium before the file's journeys, stop both after.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { Api } from './api';
import { launchBrowser, withPage } from './browser';
import { startServer, type RunningServer } from './server';

export interface Product {
  readonly server: RunningServer;
  readonly browser: Browser;
  readonly api: Api;
  /** Runs a journey in a fresh browser context; screenshots on failure. */
  journey(title: string, fn: (page: Page, context: BrowserContext) => Promise<void>): Promise<void>;
}

/** Jest's time for one journey; Playwright gives up on a step well before (ACTION_TIMEOUT_MS). */
export const JOURNEY_TIMEOUT_MS = 60_000;

export function useProduct(env: Record<string, string> = {}): Product {
  jest.setTimeout(JOURNEY_TIMEOUT_MS);
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  let api: Api | undefined;

  beforeAll(async () => {
    const [started, launched] = await Promise.allSettled([startServer(env), launchBrowser()]);
    if (started.status === 'fulfilled') server = started.value;
    if (launched.status === 'fulfilled') browser = launched.value;
    if (started.status === 'rejected') throw started.reason;
    if (launched.status === 'rejected') throw launched.reason;
    api = new Api(started.value);
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  }, 30_000);

  function ready<T>(value: T | undefined, what: string): T {
    if (value === undefined) throw new Error(`The ${what} did not start (see beforeAll's error)`);
    return value;
  }

  return {
    get server() {
      return ready(server, 'server');
    },
    get browser() {
      return ready(browser, 'browser');
    },
    get api() {
      return ready(api, 'API helper');
    },
    journey(title, fn) {
      return withPage(ready(browser, 'browser'), title, fn);
    },
  };
}
