// Opening the participant pages in a test: a signed-in lab user with the given permission entries, the study
// and its participants answered at the network edge.
import { screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { ALL_ACCESS, type AccessEntry } from '../../../../src/shared/access';
import type { FilterParticipantsBody, Participant } from '../../../../src/shared/types/participant';
import { labUserSession } from '../../support/fixtures';
import type { MockApi } from '../../support/mockApi';
import { renderWithProviders, signedIn } from '../../testUtils';
import { twoStageStudy } from './participantFixtures';

export const LIST = '/api/participants/s1/get_participants';
export const FILTERED = '/api/participants/s1/get_filtered_participants';

/** Answers the list calls from one set of rows, filtered by stage and group as the server would. */
export function answerParticipants(net: MockApi, rows: () => Participant[]): MockApi {
  return net
    .on('GET', '/api/studies/s1', { status: 200, data: twoStageStudy })
    .on('GET', LIST, () => ({ status: 200, data: { participantsData: { participants: rows() } } }))
    .on('POST', FILTERED, (request) => {
      const body = request.body as FilterParticipantsBody;
      const participants = rows().filter(
        (p) =>
          p.participation[0].current_stage._id === body.currentStageId &&
          (!body.currentGroupId || p.participation[0].current_group._id === body.currentGroupId),
      );
      return { status: 200, data: { participants } };
    });
}

export function openPage(route = '/participants/s1', allAccess: AccessEntry[] = [...ALL_ACCESS]) {
  return renderWithProviders(undefined, {
    route,
    preloadedState: { auth: { ...signedIn({ labUser: labUserSession() }), allAccess } },
  });
}

/** Opens a row's Actions menu (by click) and returns it. */
export async function openRowMenu(user: UserEvent, code: string): Promise<HTMLElement> {
  await user.click(screen.getByRole('button', { name: `Actions ${code}` }));
  return screen.findByRole('menu', { name: `Actions ${code}` });
}

/** Chooses one of a row's actions from its Actions menu. */
export async function chooseRowAction(user: UserEvent, code: string, action: string): Promise<void> {
  const menu = await openRowMenu(user, code);
  await user.click(within(menu).getByRole('menuitem', { name: action }));
}

/** The names of a row's menu items, read from its opened menu (closed again with Escape). */
export async function rowMenuItems(user: UserEvent, code: string): Promise<string[]> {
  const menu = await openRowMenu(user, code);
  const names = within(menu).getAllByRole('menuitem').map((item) => item.textContent ?? '');
  await user.keyboard('{Escape}');
  return names;
}
