// Opens the lab user's study editor on a real store with the network mocked at the edge: the study, and the
// lab's questionnaires on two pages (the editor must offer them all).
import { screen, within } from '@testing-library/react';
import { ALL_ACCESS, type AccessEntry } from '../../../../src/shared/access';
import type { QuestionnaireSummary } from '../../../../src/shared/questionnaire/types';
import type { AssessmentListItem } from '../../../../src/shared/study/assessmentSettings';
import type { Study } from '../../../../src/shared/types/study';
import { labUserSession } from '../../support/fixtures';
import type { MockApi } from '../../support/mockApi';
import { renderWithProviders, signedIn } from '../../testUtils';
import { noImpact } from '../../../../src/shared/types/liveEdits';
import type { PromptingSettings } from '../../../../src/shared/prompting';

function questionnaire(n: number): QuestionnaireSummary {
  const code = `Q${String(n).padStart(2, '0')}`;
  return { _id: `qx${n}`, chin_name: `Questionnaire ${code}`, abbrev: code, createdAt: '2024-05-01T08:00:00.000Z', user: null };
}

/** Twelve questionnaires: ten on the first page, two on the second. */
export const LAB_QUESTIONNAIRES = Array.from({ length: 12 }, (_, i) => questionnaire(i + 1));

export function item(n: number): AssessmentListItem {
  const { _id, chin_name, abbrev } = questionnaire(n);
  return { _id, chin_name, abbrev };
}

/** How an option of the multi-selects reads. */
export const optionName = (n: number) => `Questionnaire Q${String(n).padStart(2, '0')} (Q${String(n).padStart(2, '0')})`;

export function mockQuestionnaireList(net: MockApi): MockApi {
  return net
    .on('GET', '/api/qx_list?pageNumber=1', { status: 200, data: { qx_list: LAB_QUESTIONNAIRES.slice(0, 10), pages: 2, page: 1 } })
    .on('GET', '/api/qx_list?pageNumber=2', { status: 200, data: { qx_list: LAB_QUESTIONNAIRES.slice(10), pages: 2, page: 2 } });
}

/** The prompting choice a new study has (issue 33), which the editor reads beside the study. */
export const DEFAULT_PROMPTING: PromptingSettings = { emailFallback: true, emailAfterMinutes: 2, adherenceAlerts: true, alertResponseRate: 50, alertPrompts: 6, alertSilentHours: 24 };

/**
 * Save Changes asks for its impact first (issue 21): a study nobody has joined yet, unless a test says otherwise.
 * The editor also reads the study's prompting choice: the defaults, unless a test says otherwise.
 */
export function mockNotLive(net: MockApi, studyPath: string): MockApi {
  return net
    .on('POST', `${studyPath}/edit_impact`, { status: 200, data: { live: false, changes: [], total: noImpact() } })
    .on('GET', `${studyPath}/prompting`, { status: 200, data: DEFAULT_PROMPTING });
}

export async function openEditor(net: MockApi, study: Study, allAccess: AccessEntry[] = [...ALL_ACCESS]) {
  net.on('GET', `/api/studies/${study._id}`, { status: 200, data: study });
  mockNotLive(net, `/api/studies/${study._id}`);
  mockQuestionnaireList(net);
  const rendered = renderWithProviders(undefined, {
    route: `/studies/${study._id}/edit`,
    preloadedState: { auth: { ...signedIn({ labUser: labUserSession() }), allAccess } },
  });
  // The editor's chunk loads lazily; the first page of a file can take a while on a busy machine.
  await screen.findByRole('heading', { name: 'Edit Study' }, { timeout: 10_000 });
  return rendered;
}

/** A participant group's block inside its stage's column. */
export function groupBlock(stageNum: number, groupNum: number): HTMLElement {
  return within(screen.getByRole('region', { name: `Stage ${stageNum}` })).getByRole('region', { name: `Participant Group ${groupNum}` });
}
