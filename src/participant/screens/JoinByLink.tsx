// /app/join/{studyCode}: the link or QR code from the research team joins at once (the route table sent a
// participant who was not signed in to sign in or sign up first, coming back here afterwards).
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../state/hooks';
import { joinStudy, loadParticipations } from '../state/participationsSlice';
import { navigate } from '../routing/history';
import { paths } from '../routing/paths';
import { JoinForm } from './JoinForm';

export function JoinByLink({ studyCode }: { studyCode: string }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const request = useAppSelector((state) => state.participations.requests.join);
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void (async () => {
      const result = await dispatch(joinStudy(studyCode));
      if (joinStudy.fulfilled.match(result)) return navigate(paths.study(result.payload.study._id), { replace: true });
      // The link opened again after joining (409): the study's screen is where the participant wants to be.
      if (result.payload?.status !== 409) return;
      const joined = await dispatch(loadParticipations());
      const code = studyCode.trim().toUpperCase();
      const mine = loadParticipations.fulfilled.match(joined) ? joined.payload.data.participations.find((p) => p.study.study_code.toUpperCase() === code) : undefined;
      if (mine) navigate(paths.study(mine.study._id), { replace: true });
    })();
  }, [dispatch, studyCode]);

  return (
    <section aria-labelledby="join-title">
      <h1 id="join-title">{t('studies.joinTitle')}</h1>
      {request.status === 'fail' ? (
        // The form shows the server's message (e.g. no active study has this code) above its button.
        <JoinForm initialCode={studyCode} />
      ) : (
        <p role="status">{t('studies.joining', { code: studyCode })}</p>
      )}
    </section>
  );
}
