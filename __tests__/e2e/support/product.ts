// One call per test file: start the real server and one Chromium before the file's journeys, stop both after;
// with `smtp`, a real local SMTP server first, which the server mails through (SMTP_URL) and which is stopped
// after it, so that the server's pooled mail connections close before the SMTP server waits for them. With
// `push`, a local HTTPS push service first too, which the server trusts (NODE_EXTRA_CA_CERTS) and may push to
// (PUSH_ENDPOINT_HOSTS); it is closed after the server as well.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { startPushService, type PushService } from '../../server/support/pushService';
import { startSmtp, type RunningSmtp } from '../../server/support/smtp';
import { Api } from './api';
import { launchBrowser, withPage } from './browser';
import { startServer, type RunningServer } from './server';

export interface Product {
  readonly server: RunningServer;
  readonly browser: Browser;
  readonly api: Api;
  /** The SMTP server the server mails through (only with `smtp: true`): the mails it received. */
  readonly smtp: RunningSmtp;
  /** The push service the server pushes to (only with `push: true`): what it received, the status per endpoint. */
  readonly pushService: PushService;
  /** Runs a journey in a fresh browser context; screenshots on failure. */
  journey(title: string, fn: (page: Page, context: BrowserContext) => Promise<void>): Promise<void>;
}

/** Jest's time for one journey; Playwright gives up on a step well before (ACTION_TIMEOUT_MS). */
export const JOURNEY_TIMEOUT_MS = 60_000;

export interface ProductOptions {
  /** Start an SMTP server of the test's own and set SMTP_URL to it. */
  smtp?: boolean;
  /** Start a push service of the test's own (support/pushService.ts) and let the server trust and push to it. */
  push?: boolean;
}

export function useProduct(env: Record<string, string> = {}, options: ProductOptions = {}): Product {
  jest.setTimeout(JOURNEY_TIMEOUT_MS);
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  let api: Api | undefined;
  let smtp: RunningSmtp | undefined;
  let pushService: PushService | undefined;

  beforeAll(async () => {
    if (options.smtp) smtp = await startSmtp();
    if (options.push) pushService = await startPushService();
    const serverEnv = {
      ...(smtp ? { SMTP_URL: smtp.url } : {}),
      ...(pushService ? { NODE_EXTRA_CA_CERTS: pushService.certFile, PUSH_ENDPOINT_HOSTS: pushService.host } : {}),
      ...env,
    };
    const [started, launched] = await Promise.allSettled([startServer(serverEnv), launchBrowser()]);
    if (started.status === 'fulfilled') server = started.value;
    if (launched.status === 'fulfilled') browser = launched.value;
    if (started.status === 'rejected') throw started.reason;
    if (launched.status === 'rejected') throw launched.reason;
    api = new Api(started.value);
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await smtp?.stop();
    await pushService?.close();
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
    get smtp() {
      return ready(smtp, 'SMTP server (useProduct(env, { smtp: true }))');
    },
    get pushService() {
      return ready(pushService, 'push service (useProduct(env, { push: true }))');
    },
    journey(title, fn) {
      return withPage(ready(browser, 'browser'), title, fn);
    },
  };
}
