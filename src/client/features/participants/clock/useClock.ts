// The clock a participant page shows moments in: the session's choice (clockSlice) applied to this page's study
// zone. Every text it makes ends with the zone's short name.
import { useCallback } from 'react';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { browserZone, momentText } from '../dateTime';
import { selectParticipantFilter, selectParticipantStudy } from '../participantsSlice';
import { selectZoneChoice, zoneChoiceChanged, type ZoneChoice } from './clockSlice';
import { studyZone } from './studyZone';

export interface Clock {
  /** The study's zone, null when the study has none. */
  studyZone: string | null;
  myZone: string;
  choice: ZoneChoice;
  /** The IANA zone moments are shown in. */
  zone: string;
  choose: (choice: ZoneChoice) => void;
  /** A moment in the chosen clock; `planZone`, the zone a task was planned in, stands for the study's zone. */
  text: (isoUtc: string, planZone?: string, seconds?: boolean) => string;
}

export function useClock(studyZone: string | null): Clock {
  const dispatch = useAppDispatch();
  const chosen = useAppSelector(selectZoneChoice);
  const myZone = browserZone();
  const choice: ZoneChoice = studyZone ? chosen : 'mine';
  const zone = choice === 'study' && studyZone ? studyZone : myZone;
  const choose = useCallback((next: ZoneChoice) => dispatch(zoneChoiceChanged(next)), [dispatch]);
  const text = useCallback(
    (isoUtc: string, planZone?: string, seconds?: boolean) => momentText(isoUtc, choice === 'study' && planZone ? planZone : zone, seconds),
    [choice, zone],
  );
  return { studyZone, myZone, choice, zone, choose, text };
}

/** The clock of the participant pages: the opened study's zone, for the chosen group when there is one. */
export function useParticipantClock(): Clock {
  const study = useAppSelector(selectParticipantStudy);
  const { groupId } = useAppSelector(selectParticipantFilter);
  return useClock(studyZone(study, groupId));
}
