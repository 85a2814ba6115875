// Opens the editor on a questionnaire served by the fake network edge, and finds things in it the way a user
// would: cards by their "Question N" heading, responses by their "Response N" legend.
import '../../support/environment';
import { screen, within } from '@testing-library/react';
import type { MultipleChoiceSet, Question, Questionnaire } from '../../../../src/shared/questionnaire/types';
import type { QuestionnaireVersionUse } from '../../../../src/shared/types/questionnaireVersions';
import type { MockApi } from '../../support/mockApi';
import { renderWithProviders } from '../../testUtils';
import { asManager, questionnaire } from './fixtures';

/**
 * jsdom has no IntersectionObserver. This one never reports a card near the screen, so question editors stay
 * deferred (as off-screen ones do in a browser) until a test clicks into one; Quill in jsdom is slow.
 */
export function deferEditors(): void {
  class NeverIntersecting {
    observe(): void {}
    unobserve(): void {}
    disconnect(): void {}
    takeRecords(): [] {
      return [];
    }
  }
  beforeAll(() => {
    Object.assign(window, { IntersectionObserver: NeverIntersecting });
  });
  afterAll(() => {
    Reflect.deleteProperty(window, 'IntersectionObserver');
  });
}

/** The editor also asks which versions participants' plans use (issue 21): none by default, as for a new questionnaire. */
export async function openEditor(net: MockApi, questions: Question[], sets: MultipleChoiceSet[] = [], versions: QuestionnaireVersionUse[] = [], changes: Partial<Questionnaire> = {}) {
  net
    .on('GET', '/api/qx_list/qx1', { status: 200, data: questionnaire(questions, changes) })
    .on('GET', '/api/qx_list/qx1/mc', { status: 200, data: { sets } })
    .on('GET', '/api/qx_list/qx1/versions', { status: 200, data: { versions } });
  const rendered = renderWithProviders(undefined, { route: '/qx/qx1/edit', preloadedState: asManager });
  await screen.findByRole('heading', { name: 'Edit Questionnaire' });
  return rendered;
}

export const card = (n: number) => within(screen.getByRole('region', { name: `Question ${n}` }));
export const responseOf = (n: number, r: number) => within(screen.getByRole('region', { name: `Question ${n}` })).getByRole('group', { name: `Response ${r}` });
export const inResponse = (n: number, r: number) => within(responseOf(n, r));

/** The texts of a select's options. */
export function optionsOf(select: HTMLElement): string[] {
  return Array.from((select as HTMLSelectElement).options).map((o) => o.textContent ?? '');
}
