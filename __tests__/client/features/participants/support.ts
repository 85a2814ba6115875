// Opening the participant pages in a test: a signed-in lab user with the given permission entries, the study
// and its participants answered at the network edge.
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
