// What a page's first load costs on the wire, as Chromium receives it: every answer the page asks for (HTML,
// scripts, style sheets, fonts, manifest, icon, API answers) until the network is quiet, each counted by
// Chromium's encodedDataLength (headers and the body as sent, Brotli here). One definition for the participant
// app's browser test and its benchmark; the budget is APP_FIRST_LOAD_BYTES, defined once with the build's guard.
import type { BrowserContext, Page } from 'playwright-core';
import appBudget from '../../../scripts/lib/app-budget-guard.cjs';

/** Issue 19: everything /app/join/{code} loads stays within 90 KB on the wire. */
export const APP_FIRST_LOAD_BYTES = appBudget.APP_FIRST_LOAD_BYTES;

export interface ReceivedFile {
  url: string;
  type: string;
  /** Bytes on the wire: headers and body as received. */
  bytes: number;
  encoding: string | null;
}

export interface FirstLoad {
  /** The sum of every answer's bytes on the wire. */
  bytes: number;
  files: ReceivedFile[];
}

interface ResponseReceived {
  requestId: string;
  type: string;
  response: { url: string; headers: Record<string, string> };
}

/** Opens `url` in `page` (a fresh context: nothing cached) and counts what arrives until the network is quiet. */
export async function measureFirstLoad(context: BrowserContext, page: Page, url: string): Promise<FirstLoad> {
  const cdp = await context.newCDPSession(page);
  const seen = new Map<string, Omit<ReceivedFile, 'bytes'>>();
  const files: ReceivedFile[] = [];
  await cdp.send('Network.enable');
  cdp.on('Network.responseReceived', (event: ResponseReceived) => {
    const headers = Object.fromEntries(Object.entries(event.response.headers).map(([k, v]) => [k.toLowerCase(), v]));
    seen.set(event.requestId, { url: event.response.url, type: event.type, encoding: headers['content-encoding'] ?? null });
  });
  cdp.on('Network.loadingFinished', (event: { requestId: string; encodedDataLength: number }) => {
    const file = seen.get(event.requestId) ?? { url: '(unknown)', type: 'Other', encoding: null };
    files.push({ ...file, bytes: event.encodedDataLength });
  });
  try {
    await page.goto(url, { waitUntil: 'networkidle' });
  } finally {
    await cdp.detach();
  }
  return { bytes: files.reduce((sum, f) => sum + f.bytes, 0), files };
}
