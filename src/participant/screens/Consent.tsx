// The consent form as the researcher wrote it (sanitised with the shared allow-list by src/ui's view, as the
// portal shows it), a box to tick and the agreement.
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { AppParticipation } from '../../shared/types/participantApp';
import { FailureMessage } from '../components/Alert';
import { RichTextView } from '../../ui/richText/RichTextView';
import { useAppDispatch, useAppSelector } from '../state/hooks';
import { agreeToConsent } from '../state/participationsSlice';

export function Consent({ participation }: { participation: AppParticipation }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const request = useAppSelector((state) => state.participations.requests.consent);
  const [checked, setChecked] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void dispatch(agreeToConsent(participation.study._id));
  };
  return (
    <form className="panel" aria-labelledby="consent-title" onSubmit={submit}>
      <h2 id="consent-title">{t('consent.title')}</h2>
      <p>{t('consent.intro')}</p>
      <RichTextView className="consent-text" html={participation.consent.chin_content} />
      <p className="data-rights">{t(participation.consent.keep_answers_on_erasure ? 'consent.answersKept' : 'consent.answersDeleted')}</p>
      <label className="check">
        <input type="checkbox" checked={checked} onChange={(e) => setChecked(e.target.checked)} />
        <span>{t('consent.agreeCheck')}</span>
      </label>
      <FailureMessage request={request} />
      <button className="primary" type="submit" disabled={!checked || request.status === 'request'}>
        {t('consent.agree')}
      </button>
    </form>
  );
}
