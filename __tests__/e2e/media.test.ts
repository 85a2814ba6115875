// A lab user's media journey: upload a small PNG and a small MP4, see them listed, preview them, rename one,
// delete one; files over the limit or of another type are refused on the page with the specification's words.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { generalMessages, mediaMessages } from '../../src/shared/messages';
import { seedLab } from './support/api';
import { rowWith, signInAsLabUser } from './support/pages';
import { useProduct } from './support/product';

const product = useProduct();

/**
 * Serious and critical axe violations of what the page shows at rest. The pointer is moved off the page
 * first: the hover colours of the shared button theme are not what is being checked here. Quill's own
 * toolbar pickers (unnamed spans, a known gap of the shared editor wrapper) are left out.
 */
async function seriousViolations(page: Page): Promise<string[]> {
  await page.mouse.move(0, 0);
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .exclude('.ql-toolbar')
    .analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.impact}: ${v.id} (${v.help}) at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** A valid 1×1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

/** An MP4 file's opening "ftyp" box and some bytes: it need not play, only upload. */
function tinyMp4(): Buffer {
  const ftyp = Buffer.alloc(24);
  ftyp.writeUInt32BE(24, 0);
  ftyp.write('ftypisom', 4, 'latin1');
  ftyp.writeUInt32BE(0x200, 12);
  ftyp.write('isommp41', 16, 'latin1');
  return Buffer.concat([ftyp, Buffer.alloc(4000, 7)]);
}

async function upload(page: Page, name: string, file: { name: string; mimeType: string; buffer: Buffer }) {
  await page.getByRole('link', { name: 'Create File' }).first().click();
  await page.waitForURL((url) => url.pathname === '/media/createfile');
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('File', { exact: true }).setInputFiles(file);
  await page.getByRole('button', { name: 'Upload' }).click();
  await page.getByText(mediaMessages.fileCreated).first().waitFor();
  await page.waitForURL((url) => url.pathname === '/media/files');
  await rowWith(page, name);
}

describe('media files', () => {
  test('uploads, lists, previews, renames and deletes files', () =>
    product.journey('media-files', async (page) => {
      const { manager, managerPassword } = await seedLab(product.api);
      await signInAsLabUser(page, product.server.mainUrl('/login'), manager.email, managerPassword);
      // One name for the files: the navigation entry is the page's title.
      const entry = page.getByRole('link', { name: 'Media Files', exact: true });
      await entry.click();
      await page.waitForURL((url) => url.pathname === '/media/files');
      const heading = page.getByRole('heading', { level: 1 });
      await heading.waitFor();
      expect(await heading.textContent()).toBe(await entry.textContent());
      expect(await heading.textContent()).toBe('Media Files');
      expect(await entry.getAttribute('aria-current')).toBe('page');
      await page.getByText(mediaMessages.noFiles).waitFor();

      await upload(page, 'Tiny picture', { name: 'tiny.png', mimeType: 'image/png', buffer: PNG });
      await upload(page, 'Tiny clip', { name: 'tiny.mp4', mimeType: 'video/mp4', buffer: tinyMp4() });
      for (const column of ['NAME', 'TYPE', 'CREATED AT', 'EDIT']) {
        await page.getByRole('columnheader', { name: column, exact: true }).waitFor();
      }
      expect(await (await rowWith(page, 'Tiny picture')).textContent()).toContain('Image');
      expect(await (await rowWith(page, 'Tiny clip')).textContent()).toContain('Video');
      // The storage bar counts both files.
      await page.getByText(/^\d+(\.\d)? KB of 2 GB used \(0%\)$/).waitFor();
      expect(await seriousViolations(page)).toEqual([]);

      // The image's preview is the stored file itself, loaded through its signed address.
      await (await rowWith(page, 'Tiny picture')).getByRole('link', { name: 'Edit Tiny picture' }).click();
      await page.getByRole('heading', { name: 'Update Filename' }).waitFor();
      const img = page.getByRole('img', { name: 'Tiny picture' });
      await img.waitFor();
      await page.waitForFunction(() => {
        const el = document.querySelector('img.media-preview');
        return el instanceof HTMLImageElement && el.complete && el.naturalWidth === 1;
      });
      expect(await seriousViolations(page)).toEqual([]);
      await page.getByRole('link', { name: 'Go Back' }).click();

      // The video's preview is a player; rename the clip.
      await (await rowWith(page, 'Tiny clip')).getByRole('link', { name: 'Edit Tiny clip' }).click();
      await page.getByRole('heading', { name: 'Update Filename' }).waitFor();
      const video = page.locator('video[controls]');
      await video.waitFor();
      expect(await video.getAttribute('src')).toContain('/api/files/object/');
      await page.getByLabel('Name').fill('Breathing exercise');
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByText(mediaMessages.fileRenamed).waitFor();
      await page.waitForURL((url) => url.pathname === '/media/files');
      await rowWith(page, 'Breathing exercise');

      // Delete the picture, after the question.
      await (await rowWith(page, 'Tiny picture')).getByRole('button', { name: 'Delete Tiny picture' }).click();
      const sure = page.getByRole('dialog', { name: generalMessages.areYouSure });
      await sure.getByRole('button', { name: 'Confirm' }).click();
      await page.getByText(mediaMessages.fileDeleted).waitFor();
      await page.getByRole('cell', { name: 'Tiny picture' }).waitFor({ state: 'detached' });
      await rowWith(page, 'Breathing exercise');
    }));

  test('refuses a text file renamed .png, naming the accepted formats, and keeps nothing of it', () =>
    product.journey('media-not-what-it-says', async (page) => {
      const { manager, managerPassword } = await seedLab(product.api);
      await signInAsLabUser(page, product.server.mainUrl('/login'), manager.email, managerPassword);
      await page.goto(product.server.mainUrl('/media/createfile'));
      await page.getByRole('heading', { name: 'Create File' }).waitFor();
      await page.getByLabel('Name').fill('Holiday photo');
      // Its name passes every check the page can make; only its bytes tell what it is.
      const text = Buffer.from('Participant notes\nThis is a text file, not a picture.\n');
      await page.getByLabel('File', { exact: true }).setInputFiles({ name: 'holiday.png', mimeType: 'image/png', buffer: text });
      await page.getByRole('button', { name: 'Upload' }).click();

      await page.getByRole('alert').filter({ hasText: mediaMessages.contentNotAsNamed }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/media/createfile');
      expect(await seriousViolations(page)).toEqual([]);
      await page.goto(product.server.mainUrl('/media/files'));
      await page.getByText(mediaMessages.noFiles).waitFor();
      await page.getByText(/^0 B of 2 GB used \(0%\)$/).waitFor();
    }));

  test('refuses a 3 MB PNG and a GIF with the specification’s messages', () =>
    product.journey('media-refusals', async (page) => {
      const { manager, managerPassword } = await seedLab(product.api);
      await signInAsLabUser(page, product.server.mainUrl('/login'), manager.email, managerPassword);
      await page.goto(product.server.mainUrl('/media/createfile'));
      await page.getByRole('heading', { name: 'Create File' }).waitFor();
      await page.getByLabel('Name').fill('Too big');
      const input = page.getByLabel('File', { exact: true });

      await input.setInputFiles({ name: 'big.png', mimeType: 'image/png', buffer: Buffer.concat([PNG, Buffer.alloc(3 * 1024 * 1024)]) });
      await page.getByText(mediaMessages.imageTooLarge).waitFor();
      await page.getByRole('button', { name: 'Upload' }).click();
      await page.getByText(mediaMessages.imageTooLarge).waitFor();

      await input.setInputFiles({ name: 'moving.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a') });
      await page.getByText(mediaMessages.wrongExtension).waitFor();
      await page.getByRole('button', { name: 'Upload' }).click();
      await page.getByText(mediaMessages.wrongExtension).waitFor();
      expect(new URL(page.url()).pathname).toBe('/media/createfile');
      expect(await seriousViolations(page)).toEqual([]);

      // Nothing reached the list.
      await page.goto(product.server.mainUrl('/media/files'));
      await page.getByText(mediaMessages.noFiles).waitFor();
    }));
});
