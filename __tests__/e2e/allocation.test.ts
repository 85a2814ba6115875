// Assign at random in Chromium (issue 34, part 4): a researcher signs in, opens the Participant List of a study
// whose stage 2 has two groups, opens Assign at random, is told the block size must be a multiple of the ratios,
// then chooses the four enrolled participants of stage 1 (one who has not consented is not offered), stage 2 with both groups at 1:1, a block of four and a
// seed; the dialog says where each went (two in each group), the allocation list downloads as a CSV named as the
// other downloads are, and the list, filtered to each group of stage 2, shows them there. axe on the dialog.
// Then Allocate on consent: the researcher turns the rule on by keyboard, the invited participant consents in the
// app, and the list shows them in the group the rule's first slot names.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { allocationMessages, allocationRuleTexts, allocationSlots, allocationTexts } from '../../src/shared/allocation';
import type { CreateParticipantAnswer } from '../../src/shared/types/participant';
import type { AppSession } from '../../src/shared/types/participantApp';
import type { Study } from '../../src/shared/types/study';
import { seedLab, uniqueEmail } from './support/api';
import { rowWith, signInAsLabUser } from './support/pages';
import { markActive } from './support/plan';
import { useProduct } from './support/product';

const product = useProduct({ PUSH_INTERVAL_SECONDS: '3600' });
const PASSWORD = 'participant-pass-1';

jest.setTimeout(120_000);

/** An active study with a consent form: stage 1 with four enrolled participants and one invited, stage 2 with groups "Coaching" and "Waiting list". */
async function seedStudy() {
  const { api } = product;
  const { manager, managerPassword } = await seedLab(api);
  const { token } = await api.login({ email: manager.email, password: managerPassword, organization: 1 });
  let study = await api.call<Study>('POST', '/api/studies', { token, body: { chin_name: 'Sleep coaching trial' } });
  study = await api.call<Study>('PUT', `/api/studies/${study._id}/add_stage`, { token });
  const stage2 = study.stage_list[1];
  study = await api.call<Study>('PUT', `/api/studies/${stage2._id}/add_group`, { token });
  const [first, second] = study.stage_list[1].participant_group_list;
  await api.call('PUT', `/api/studies/${study._id}/edit_except_consent`, {
    token,
    body: { stage_list: [{ _id: stage2._id, participant_group_list: [{ _id: first._id, name: 'Coaching' }, { _id: second._id, name: 'Waiting list' }] }] },
  });
  markActive(product.server.dataDir, study._id);
  await api.call('PUT', `/api/studies/${study._id}/edit_consent`, { token, body: { consent: '<p>I agree to take part.</p>', consentNeeded: true } });
  const create = async () => {
    const email = uniqueEmail('allocated');
    const { participant } = await api.call<CreateParticipantAnswer>('POST', `/api/participants/${study._id}/create`, {
      token,
      body: { studyId: study._id, email, password: PASSWORD, confirmPassword: PASSWORD },
    });
    return { code: participant.participant_code, email };
  };
  // Four agree to the consent form in the app (enrolled); one has not yet (invited) and is not offered.
  const codes: string[] = [];
  for (let i = 0; i < 4; i += 1) {
    const { code, email } = await create();
    const session = await api.call<AppSession>('POST', '/api/app/login', { body: { email, password: PASSWORD } });
    await api.call('POST', `/api/app/studies/${study._id}/consent`, { token: session.token, body: { agree: true } });
    codes.push(code);
  }
  const invited = await create();
  return { manager, managerPassword, study, codes, invited: invited.code, invitedEmail: invited.email };
}

async function seriousViolations(page: Page): Promise<string[]> {
  // Judged at rest: no hover left by the last click, and no fade still running (a half-faded alert or button
  // reads as too little contrast; the CI run on a loaded machine caught one mid-fade).
  await page.mouse.move(0, 0);
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity));
  const results = await new AxeBuilder({ page }).include('[role="dialog"]').withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.impact}: ${v.id} (${v.help}) at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

describe('random allocation', () => {
  test('a researcher allocates four participants of stage 1 at random and sees them in their new groups', () =>
    product.journey('allocation', async (page) => {
      const { manager, managerPassword, study, codes, invited } = await seedStudy();

      await signInAsLabUser(page, product.server.mainUrl('/login'), manager.email, managerPassword);
      await page.goto(product.server.mainUrl(`/participants/${study._id}`));
      await page.getByRole('heading', { name: 'Participant List' }).waitFor();
      for (const code of codes) await rowWith(page, code);

      await page.getByRole('button', { name: allocationTexts.button }).click();
      const dialog = page.getByRole('dialog', { name: allocationTexts.title });
      await dialog.getByRole('checkbox', { name: `${allocationTexts.everyone} (4)` }).check();
      expect(await dialog.getByRole('checkbox', { name: new RegExp(invited) }).count()).toBe(0);
      await dialog.getByLabel(allocationTexts.stage, { exact: true }).selectOption({ label: 'Stage 2' });
      await dialog.getByRole('checkbox', { name: 'Group 1: Coaching', exact: true }).check();
      await dialog.getByRole('checkbox', { name: 'Group 2: Waiting list', exact: true }).check();
      expect(await seriousViolations(page)).toEqual([]);

      // A block of three cannot hold 1:1.
      await dialog.getByLabel(allocationTexts.blockSize, { exact: true }).fill('3');
      await dialog.getByRole('button', { name: allocationTexts.allocate }).click();
      await dialog.getByRole('alert').filter({ hasText: allocationMessages.blockSizeNotMultiple(2) }).waitFor();

      await dialog.getByLabel(allocationTexts.blockSize, { exact: true }).fill('4');
      await dialog.getByLabel(allocationTexts.seed, { exact: true }).fill('2026');
      await dialog.getByRole('button', { name: allocationTexts.allocate }).click();
      await dialog.getByText(allocationMessages.allocated(4)).waitFor();
      await dialog.getByText(allocationTexts.seedUsed(2026)).waitFor();
      const items = await dialog.getByRole('list', { name: 'Allocations' }).getByRole('listitem').allTextContents();
      expect(items).toHaveLength(4);
      const coached = items.filter((t) => t.endsWith('Group 1: Coaching')).map((t) => t.split(':')[0]);
      const waiting = items.filter((t) => t.endsWith('Group 2: Waiting list')).map((t) => t.split(':')[0]);
      // One block of four at 1:1: two in each group.
      expect([coached.length, waiting.length]).toEqual([2, 2]);
      expect(await seriousViolations(page)).toEqual([]);

      const [download] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: allocationTexts.download }).click()]);
      expect(download.suggestedFilename()).toMatch(new RegExp(`^${study.study_code}_allocations_\\d{8}-\\d{4}\\.csv$`));
      const stream = await download.createReadStream();
      const chunks: Buffer[] = [];
      for await (const chunk of stream) chunks.push(chunk as Buffer);
      const lines = Buffer.concat(chunks).toString('utf8').replace(/^\uFEFF/, '').trim().split('\r\n');
      expect(lines[0]).toBe('participant_code,group,block,position,stage,seed,allocated_at');
      expect(lines.slice(1).map((l) => l.split(',').slice(0, 2).join(',')).sort()).toEqual(
        [...coached.map((c) => `${c},Coaching`), ...waiting.map((c) => `${c},Waiting list`)].sort(),
      );
      // The footer's Close (the header's × is named Close too).
      await dialog.getByRole('button', { name: allocationTexts.close, exact: true }).last().click();

      // The list, filtered to each group of stage 2, shows them in their new groups.
      await page.getByLabel('Stage', { exact: true }).selectOption({ label: 'Stage 2' });
      await page.getByLabel('Group', { exact: true }).selectOption({ label: 'Group 1: Coaching' });
      for (const code of coached) await rowWith(page, code);
      await page.getByText('2 participants', { exact: true }).waitFor();
      await page.getByLabel('Group', { exact: true }).selectOption({ label: 'Group 2: Waiting list' });
      for (const code of waiting) await rowWith(page, code);
      await page.getByText('2 participants', { exact: true }).waitFor();
    }));

  test('a researcher turns on allocation on consent and a participant who then consents is placed in their group', () =>
    product.journey('allocationRule', async (page) => {
      const { api } = product;
      const { manager, managerPassword, study, codes, invited, invitedEmail } = await seedStudy();
      const [first, second] = study.stage_list[1].participant_group_list;

      await signInAsLabUser(page, product.server.mainUrl('/login'), manager.email, managerPassword);
      await page.goto(product.server.mainUrl(`/participants/${study._id}`));
      await page.getByRole('heading', { name: 'Participant List' }).waitFor();
      await rowWith(page, codes[0]);

      await page.getByRole('button', { name: allocationRuleTexts.button }).focus();
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name: allocationRuleTexts.title });
      await dialog.getByLabel(allocationTexts.stage, { exact: true }).selectOption({ label: 'Stage 2' });
      await dialog.getByRole('checkbox', { name: 'Group 1: Coaching', exact: true }).check();
      await dialog.getByRole('checkbox', { name: 'Group 2: Waiting list', exact: true }).check();
      await dialog.getByLabel(allocationTexts.blockSize, { exact: true }).fill('2');
      await dialog.getByLabel(allocationTexts.seed, { exact: true }).fill('7');
      await dialog.getByRole('button', { name: allocationRuleTexts.turnOn }).click();
      await dialog.getByText(allocationRuleTexts.turnedOn).waitFor();
      await dialog.getByRole('region', { name: allocationRuleTexts.inForce }).getByText(allocationTexts.seedUsed(7)).waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      await dialog.getByRole('button', { name: allocationRuleTexts.close, exact: true }).last().click();

      // The invited participant consents in the app and takes the rule's first slot.
      const session = await api.call<AppSession>('POST', '/api/app/login', { body: { email: invitedEmail, password: PASSWORD } });
      await api.call('POST', `/api/app/studies/${study._id}/consent`, { token: session.token, body: { agree: true } });
      const [slot] = allocationSlots(1, [first._id, second._id], [1, 1], 2, 7);
      const groupLabel = slot.groupId === first._id ? 'Group 1: Coaching' : 'Group 2: Waiting list';
      await page.getByLabel('Stage', { exact: true }).selectOption({ label: 'Stage 2' });
      await page.getByLabel('Group', { exact: true }).selectOption({ label: groupLabel });
      await rowWith(page, invited);
      await page.getByText('1 participant', { exact: true }).waitFor();
    }));
});
