// Login page weight: the gzip size of the JavaScript and CSS the sign-in page loads. Counted two ways: the
// files index.html names (always), and every script and style sheet Chromium actually fetches for /login,
// lazy chunks included (when Chromium is installed). The target applies to the larger figure.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromiumPath, launchBrowser } from '../__tests__/e2e/support/browser';
import { portalIndex, startServer } from '../__tests__/e2e/support/server';
import type { Benchmark, Measure } from './types';

const TARGET_BYTES = 200 * 1024;
const gzipSize = (bytes: Buffer) => gzipSync(bytes, { level: 6 }).length;
const kib = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;

/** The attributes of one start tag; values may be quoted or not (html-webpack-plugin minifies them away). */
function attributesOf(tag: string): Record<string, string> {
  const attributes: Record<string, string> = {};
  for (const m of tag.matchAll(/\s([a-zA-Z_:][-a-zA-Z0-9_:.]*)(?:\s*=\s*("[^"]*"|'[^']*'|[^\s"'=<>`]+))?/g)) {
    attributes[m[1].toLowerCase()] = (m[2] ?? '').replace(/^["']|["']$/g, '');
  }
  return attributes;
}

/** The script and style sheet URLs that index.html names. */
export function assetsOf(html: string): string[] {
  const urls: string[] = [];
  for (const [tag, name] of html.matchAll(/<(script|link)\b[^>]*>/gi)) {
    const attributes = attributesOf(tag.slice(0, -1));
    if (name.toLowerCase() === 'script' && attributes.src) urls.push(attributes.src);
    if (name.toLowerCase() === 'link' && attributes.rel?.split(/\s+/).includes('stylesheet') && attributes.href) {
      urls.push(attributes.href);
    }
  }
  return urls;
}

function staticWeight(): Record<string, number> {
  const publicDir = path.dirname(portalIndex);
  const sizes: Record<string, number> = {};
  for (const url of assetsOf(readFileSync(portalIndex, 'utf8'))) {
    const file = path.join(publicDir, url.replace(/^\//, '').split('?')[0]);
    sizes[url] = gzipSize(readFileSync(file));
  }
  return sizes;
}

async function loadedWeight(): Promise<Record<string, number>> {
  const server = await startServer();
  const browser = await launchBrowser();
  try {
    const page = await browser.newPage();
    const pending: Promise<void>[] = [];
    const sizes: Record<string, number> = {};
    page.on('response', (response) => {
      const kind = response.request().resourceType();
      if (kind !== 'script' && kind !== 'stylesheet') return;
      pending.push(
        response.body().then((body) => {
          sizes[new URL(response.url()).pathname] = gzipSize(body);
        }),
      );
    });
    await page.goto(server.mainUrl('/login'), { waitUntil: 'networkidle' });
    await Promise.all(pending);
    return sizes;
  } finally {
    await browser.close();
    await server.stop();
  }
}

const sum = (sizes: Record<string, number>) => Object.values(sizes).reduce((a, b) => a + b, 0);

export const loginPageWeight: Benchmark = {
  name: 'weight',
  title: 'Login page weight: gzip size of its JavaScript and CSS',
  async run() {
    const fromIndex = staticWeight();
    const measures: Measure[] = [
      { name: 'JS+CSS named by index.html (gzip)', value: kib(sum(fromIndex)), unit: 'KiB', target: { op: '<=', value: TARGET_BYTES / 1024 } },
    ];
    let loaded: Record<string, number> | null = null;
    if (existsSync(chromiumPath())) {
      loaded = await loadedWeight();
      measures.push({ name: 'JS+CSS Chromium loads for /login (gzip)', value: kib(sum(loaded)), unit: 'KiB', target: { op: '<=', value: TARGET_BYTES / 1024 } });
    } else {
      measures.push({ name: 'JS+CSS Chromium loads for /login: skipped, Chromium not found', value: NaN, unit: '' });
    }
    return { measures, details: { gzipLevel: 6, fromIndexBytes: fromIndex, loadedBytes: loaded } };
  },
};
