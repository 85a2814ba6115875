// Opens a study's participant pages: records which study they are for, then loads the study (heading,
// stages and groups). Answers whether the store is now set up for this study, so the page's own calls wait.
import { useEffect } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { selectReplaying } from '../../app/qa/qaSlice';
import { participantStudyOpened, selectOpenedStudyId, fetchParticipantStudy } from './participantsSlice';

export function useParticipantStudy(studyId: string): { ready: boolean; replaying: boolean } {
  const dispatch = useAppDispatch();
  const replaying = useAppSelector(selectReplaying);
  const opened = useAppSelector(selectOpenedStudyId);
  const ready = opened === studyId;

  useEffect(() => {
    if (!replaying) dispatch(participantStudyOpened(studyId));
  }, [dispatch, studyId, replaying]);

  useEffect(() => {
    if (!replaying && ready) void dispatch(fetchParticipantStudy(studyId));
  }, [dispatch, studyId, ready, replaying]);

  return { ready, replaying };
}
