// How the portal reaches the browser: its files compressed as the build wrote them, and the screen after sign-in
// already fetched (prefetched at idle) by the time the user signs in.
import type { Response } from 'playwright-core';
import { seedLab } from './support/api';
import { fillSignIn } from './support/pages';
import { useProduct } from './support/product';

const product = useProduct();

const isCode = (path: string) => /\.(js|css)$/.test(path);

describe('delivery', () => {
  test('the sign-in page comes in Brotli, far smaller on the wire than the files', () =>
    product.journey('compressed', async (page) => {
      const answers: Response[] = [];
      page.on('response', (response) => {
        if (isCode(new URL(response.url()).pathname)) answers.push(response);
      });
      await page.goto(product.server.mainUrl('/login'), { waitUntil: 'networkidle' });
      await page.getByRole('button', { name: 'Sign In' }).waitFor();

      const firstLoad = answers.filter((a) => ['script', 'stylesheet'].includes(a.request().resourceType()));
      expect(firstLoad.length).toBeGreaterThanOrEqual(2);
      let wire = 0;
      let plain = 0;
      for (const answer of firstLoad) {
        const headers = await answer.allHeaders();
        expect([answer.url(), headers['content-encoding']]).toEqual([answer.url(), 'br']);
        expect(headers['vary']).toMatch(/accept-encoding/i);
        expect(headers['cache-control']).toContain('immutable');
        wire += (await answer.request().sizes()).responseBodySize;
        plain += (await answer.body()).length;
      }
      expect(wire).toBeLessThan(plain / 3);
    }));

  test('the Study List after sign-in needs no script the sign-in page did not prefetch', () =>
    product.journey('prefetch', async (page) => {
      const { manager, managerPassword } = await seedLab(product.api);
      const fetched = new Set<string>();
      page.on('requestfinished', (request) => {
        const path = new URL(request.url()).pathname;
        if (isCode(path)) fetched.add(path);
      });
      await page.goto(product.server.mainUrl('/login'), { waitUntil: 'networkidle' });
      const prefetched = await page.$$eval('link[rel="prefetch"]', (links) => links.map((l) => new URL((l as HTMLLinkElement).href).pathname));
      expect(prefetched.length).toBeGreaterThan(0);
      const beforeSignIn = new Set(fetched);

      await fillSignIn(page, manager.email, managerPassword);
      await page.waitForURL((url) => url.pathname === '/studies/1');
      await page.getByRole('heading', { name: 'Study List' }).waitFor();

      // Every script and style sheet the Study List needed was fetched before the user signed in.
      const afterSignIn = [...fetched].filter((p) => !beforeSignIn.has(p) && !prefetched.includes(p));
      expect(afterSignIn).toEqual([]);
    }));
});
