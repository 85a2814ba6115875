// Study Progress (/participants/check_progress/{studyId}, part 2 section 2.7, issue 7): once a stage and group
// are chosen, each participant's compliance (least compliant first, flagged ones marked) and the group's
// delivery and response rates per day of the study, then one score of its questionnaires per day (issue 34);
// above them, who of the study needs attention (issue 33). How each figure is counted: src/shared/progress.ts.
import { useEffect, useState } from 'react';
import { useParams } from 'react-router-dom';
import { progressTexts } from '../../../../shared/progress';
import { participantMessages } from '../../../../shared/messages';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { EmptyState } from '../../../components/EmptyState';
import { AnalysisDownloadButton, IncludePilotCheckbox, ResponseTimeDownloadButton } from '../../downloads';
import { Loading } from '../../../components/Loading';
import { ClockToggle } from '../clock/ClockToggle';
import { useParticipantClock } from '../clock/useClock';
import { ParticipantFilterPanel } from '../ParticipantFilterPanel';
import { filterGroupChosen, filterStageChosen, selectParticipantFilter, selectParticipantStudy } from '../participantsSlice';
import { StudyHeading } from '../StudyHeading';
import { useParticipantStudy } from '../useParticipantStudy';
import { ProgressChart } from './ProgressChart';
import { selectProgressFor, selectProgressRequest, fetchStudyProgress } from './progressSlice';
import { ProgressTable } from './ProgressTable';
import { NeedsAttention } from './NeedsAttention';
import { ScoreProgress } from './ScoreProgress';
import type { StudyProgressAnswer } from '../../../../shared/types/progress';

function ProgressResults({ answer }: { answer: StudyProgressAnswer }) {
  const clock = useParticipantClock();
  if (answer.participants.length === 0) return <EmptyState message={participantMessages.noParticipants} />;
  const flagged = answer.participants.filter((p) => p.flag !== null).length;
  const count = answer.participants.length;
  return (
    <>
      <p className="text-body-secondary small mb-2" aria-live="polite">
        {count === 1 ? '1 participant' : `${count.toLocaleString('en-US')} participants`}
        {flagged > 0 && `, ${flagged.toLocaleString('en-US')} to contact`}
      </p>
      <ClockToggle clock={clock} idPrefix="progress" />
      <ProgressTable participants={answer.participants} />
      <details className="small text-body-secondary mt-2 mb-4">
        <summary>How the rates are counted</summary>
        <ul className="mt-2 mb-0">
          {progressTexts.definitions.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      </details>
      {answer.days.length > 0 ? <ProgressChart days={answer.days} /> : <p className="text-body-secondary">{progressTexts.noPromptsYet}</p>}
    </>
  );
}

export default function StudyProgressPage() {
  const { studyId = '' } = useParams();
  const dispatch = useAppDispatch();
  const { ready, replaying } = useParticipantStudy(studyId);
  const study = useAppSelector(selectParticipantStudy);
  const { stageId, groupId } = useAppSelector(selectParticipantFilter);
  // Pilot participants are left out unless asked (issue 20).
  const [includePilot, setIncludePilot] = useState(false);
  const answer = useAppSelector((state) => (stageId && groupId ? selectProgressFor(state, { studyId, stageId, groupId, includePilot }) : null));
  const request = useAppSelector(selectProgressRequest);

  useEffect(() => {
    if (ready && !replaying && stageId && groupId) {
      void dispatch(fetchStudyProgress({ studyId, stageId, groupId, ...(includePilot ? { includePilot } : {}) }));
    }
  }, [dispatch, studyId, stageId, groupId, includePilot, ready, replaying]);

  return (
    <>
      <StudyHeading title={progressTexts.title} study={study} />
      <NeedsAttention studyId={studyId} ready={ready && !replaying} />
      <ParticipantFilterPanel
        study={study}
        filter={{ stageId, groupId }}
        onStage={(id) => dispatch(filterStageChosen(id))}
        onGroup={(id) => dispatch(filterGroupChosen(id))}
      />
      {!stageId || !groupId ? (
        <EmptyState message={progressTexts.chooseGroup} />
      ) : (
        <>
          <div className="progressActions d-flex flex-wrap align-items-start gap-3 mb-3">
            <ResponseTimeDownloadButton studyId={studyId} stageId={stageId} groupId={groupId} includeEma={false} includePilot={includePilot} study={study} />
            <AnalysisDownloadButton studyId={studyId} stageId={stageId} groupId={groupId} includePilot={includePilot} study={study} />
            <IncludePilotCheckbox id="progress-include-pilot" checked={includePilot} onChange={setIncludePilot} />
          </div>
          {answer ? <ProgressResults answer={answer} /> : request.status !== 'fail' && <Loading />}
          {ready && !replaying && <ScoreProgress studyId={studyId} stageId={stageId} groupId={groupId} includePilot={includePilot} />}
        </>
      )}
    </>
  );
}
