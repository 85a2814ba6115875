// Leaving the study, after a confirmation that says what it means.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FailureMessage } from '../components/Alert';
import { useAppDispatch, useAppSelector } from '../state/hooks';
import { withdrawFromStudy } from '../state/participationsSlice';

export function Withdraw({ studyId }: { studyId: string }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const request = useAppSelector((state) => state.participations.requests.withdraw);
  const [confirming, setConfirming] = useState(false);
  return (
    <section className="panel" aria-labelledby="withdraw-title">
      <h2 id="withdraw-title">{t('study.withdrawTitle')}</h2>
      <p>{t('study.withdrawIntro')}</p>
      {confirming ? (
        <div role="alertdialog" aria-labelledby="withdraw-confirm" className="confirm">
          <p id="withdraw-confirm">{t('study.withdrawConfirm')}</p>
          <FailureMessage request={request} />
          <button className="danger" type="button" disabled={request.status === 'request'} onClick={() => void dispatch(withdrawFromStudy(studyId))}>
            {t('study.withdrawYes')}
          </button>
          <button className="secondary" type="button" onClick={() => setConfirming(false)}>
            {t('study.withdrawNo')}
          </button>
        </div>
      ) : (
        <button className="secondary" type="button" onClick={() => setConfirming(true)}>
          {t('study.withdraw')}
        </button>
      )}
    </section>
  );
}
