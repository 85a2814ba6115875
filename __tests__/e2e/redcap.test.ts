// A lab manager brings REDCap instruments in and takes one back out (issue 35 part 2): imports a data
// dictionary written in REDCap's format with every mapped field type, sees the questionnaires made and the list
// of what was not carried, finds them in the list, and downloads one as a REDCap dictionary.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { REDCAP_COLUMNS, redcapMessages, redcapReasons } from '../../src/shared/redcap';
import { seedLab } from './support/api';
import { signInAsLabUser } from './support/pages';
import { useProduct } from './support/product';

jest.setTimeout(240_000);

const product = useProduct();
const DICTIONARY = path.join(__dirname, '../server/fixtures/redcap/every_field_type.csv');

describe('REDCap instruments', () => {
  test('a lab manager imports a REDCap dictionary, sees what was not carried, and downloads a questionnaire for REDCap', () =>
    product.journey('redcap-instruments', async (page) => {
      const { manager, managerPassword } = await seedLab(product.api);
      await signInAsLabUser(page, product.server.mainUrl('/login'), manager.email, managerPassword);
      await page.getByRole('link', { name: 'Questionnaires' }).click();
      await page.waitForURL((url) => url.pathname.startsWith('/qx/qx_list'));

      await page.getByLabel('REDCap data dictionary (CSV)').setInputFiles(DICTIONARY);
      const result = page.getByRole('region', { name: 'Imported from REDCap' });
      await result.getByText(redcapMessages.imported(2)).waitFor();
      await result.getByRole('link', { name: 'Baseline survey' }).waitFor();
      await result.getByRole('link', { name: 'Daily mood' }).waitFor();
      const notCarried = result.getByRole('table', { name: 'Not carried' });
      await notCarried.getByRole('row', { name: `bmi ${redcapReasons.calc}` }).waitFor();
      await notCarried.getByRole('row', { name: `consent_file ${redcapReasons.fieldType('file')}` }).waitFor();

      // The list shows them too.
      await page.getByRole('cell', { name: 'daily_mood' }).waitFor();
      await page.getByRole('cell', { name: 'baseline_survey' }).waitFor();

      const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download for REDCap Daily mood' }).click()]);
      expect(download.suggestedFilename()).toBe('daily_mood_DataDictionary.csv');
      const rows = parse(await readFile(await download.path(), 'utf8'), { bom: true }) as string[][];
      expect(rows[0]).toEqual([...REDCAP_COLUMNS]);
      expect(rows.slice(1).map((r) => [r[0], r[3]])).toEqual([
        ['record_id', 'text'],
        ['mood_today', 'radio'],
        ['mood_reason', 'notes'],
        ['stress', 'slider'],
        ['sleep_hours', 'text'],
        ['nap', 'radio'],
      ]);
      expect(rows[2][5]).toBe('1, 很好 | 2, 一般 | 3, 不好');
    }));
});
