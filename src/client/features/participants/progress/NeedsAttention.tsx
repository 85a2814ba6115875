// Study Progress's "Needs attention" (issue 33): the study's participants under its adherence alert thresholds
// now, with the reasons in the words of the daily digest (src/shared/adherence.ts). The whole study, whatever
// stage and group are chosen below.
import { useEffect } from 'react';
import { attentionTexts, reasonText } from '../../../../shared/adherence';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { fetchAttention, selectAttentionFor, selectAttentionRequest } from './progressSlice';

export function NeedsAttention({ studyId, ready }: { studyId: string; ready: boolean }) {
  const dispatch = useAppDispatch();
  const answer = useAppSelector((state) => selectAttentionFor(state, studyId));
  const request = useAppSelector(selectAttentionRequest);

  useEffect(() => {
    if (ready) void dispatch(fetchAttention(studyId));
  }, [dispatch, studyId, ready]);

  if (!answer) {
    return request.status === 'fail' ? (
      <p className="text-danger small mb-3" role="alert">
        {attentionTexts.title}: {request.message}
      </p>
    ) : null;
  }
  return (
    <section aria-labelledby="needs-attention-title" className="mb-4">
      <h2 id="needs-attention-title" className="h5">
        {attentionTexts.title}
      </h2>
      {!answer.adherenceAlerts && <p className="text-body-secondary small mb-2">{attentionTexts.alertsOff}</p>}
      {answer.participants.length === 0 ? (
        <p className="text-body-secondary mb-0">{attentionTexts.none}</p>
      ) : (
        <>
          <p className="small mb-2">{attentionTexts.intro}</p>
          <ul className="mb-0">
            {answer.participants.map((p) => (
              <li key={p.participantId}>
                <strong>{p.participantCode}</strong> ({p.email}): {p.reasons.map(reasonText).join('; ')}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
