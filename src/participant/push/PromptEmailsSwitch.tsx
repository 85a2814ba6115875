// The prompt settings' email switch (issue 33): a prompt that cannot reach this phone as a notification (or is not
// received) is emailed, unless the participant turns it off here (or with the email's unsubscribe link).
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { FailureMessage } from '../components/Alert';
import { useAppDispatch, useAppSelector } from '../state/hooks';
import { choosePromptEmails, loadPromptEmails } from '../state/promptEmailsSlice';

export function PromptEmailsSwitch() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const { enabled, requests } = useAppSelector((state) => state.promptEmails);
  useEffect(() => {
    void dispatch(loadPromptEmails());
  }, [dispatch]);
  // Until the server has said, no switch that could show the wrong choice.
  if (enabled === null) return null;
  return (
    <>
      <label className="check">
        <input
          type="checkbox"
          checked={enabled}
          disabled={requests.choose.status === 'request'}
          onChange={(event) => void dispatch(choosePromptEmails(event.target.checked))}
        />
        <span>{t('promptEmails.label')}</span>
      </label>
      <p className="muted">{enabled ? t('promptEmails.on') : t('promptEmails.off')}</p>
      <FailureMessage request={requests.choose} />
    </>
  );
}
