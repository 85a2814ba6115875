// Drives Debian's Chromium with playwright-core (never a downloaded browser). One browser per test file; each
// journey gets a fresh context (its own localStorage), and a failing journey leaves a screenshot behind.
import { mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

// The flags STACK.md lists: no sandbox as root, no GPU, and no background traffic this closed network refuses.
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export function chromiumPath(): string {
  return process.env.CHROMIUM_PATH || '/usr/bin/chromium';
}

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath(), headless: true, args: CHROMIUM_FLAGS });
}

export const screenshotDir = path.join(process.env.E2E_SCREENSHOT_DIR || path.join(os.tmpdir(), 'portal-e2e-screenshots'));

/** Playwright waits this long for an element or a navigation, well inside jest's 60 s per test. */
export const ACTION_TIMEOUT_MS = 10_000;

export async function newContext(browser: Browser): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  context.setDefaultTimeout(ACTION_TIMEOUT_MS);
  context.setDefaultNavigationTimeout(ACTION_TIMEOUT_MS * 2);
  return context;
}

function fileNameOf(title: string): string {
  return `${new Date().toISOString().replace(/[:.]/g, '-')}-${title.replace(/[^a-z0-9]+/gi, '_').slice(0, 80)}.png`;
}

/**
 * Runs a journey in a fresh context. When it fails, a full-page screenshot of every page it opened is saved
 * and its path added to the error, with the page's console errors.
 */
export async function withPage(browser: Browser, title: string, journey: (page: Page, context: BrowserContext) => Promise<void>): Promise<void> {
  const context = await newContext(browser);
  try {
    await withPageIn(context, title, journey);
  } finally {
    await context.close();
  }
}

/**
 * Runs a journey in a new page of a context that outlives it (its HTTP cache and localStorage are kept between
 * journeys, which saves a walk over many pages loading everything afresh), with withPage's notes on failure.
 * The page is closed after.
 */
export async function withPageIn(context: BrowserContext, title: string, journey: (page: Page, context: BrowserContext) => Promise<void>): Promise<void> {
  const page = await context.newPage();
  const consoleErrors: string[] = [];
  const listen = (p: Page) => p.on('console', (m) => m.type() === 'error' && consoleErrors.push(m.text()));
  context.on('page', listen);
  listen(page);
  try {
    await journey(page, context);
  } catch (error) {
    const shots: string[] = [];
    mkdirSync(screenshotDir, { recursive: true });
    for (const [i, p] of context.pages().entries()) {
      const file = path.join(screenshotDir, fileNameOf(`${title}-${i}`));
      try {
        await p.screenshot({ path: file, fullPage: true, timeout: 5000 });
        shots.push(`${file} (${p.url()})`);
      } catch {
        // the page is gone; nothing to keep
      }
    }
    if (error instanceof Error) {
      // jest prints the stack, whose first lines repeat the message: add the notes to both.
      let notes = `\nScreenshots: ${shots.join(', ') || 'none'}`;
      if (consoleErrors.length) notes += `\nBrowser console errors:\n  ${consoleErrors.join('\n  ')}`;
      const stack = error.stack ?? '';
      const at = stack.indexOf('\n    at ');
      error.message += notes;
      error.stack = at >= 0 ? `${stack.slice(0, at)}${notes}${stack.slice(at)}` : `${stack}${notes}`;
    }
    throw error;
  } finally {
    context.off('page', listen);
    await page.close();
  }
}
