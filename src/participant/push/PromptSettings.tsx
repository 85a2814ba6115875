// The prompts panel of a study the participant takes part in: whether this phone prompts them, the explanation
// and the button that asks the browser (never asked on its own at page load), or why it cannot and what to do:
// allow notifications in the browser's settings, add the app to the Home Screen (iPhone, iPad), install it.
// What the browser allows is checked by the study screen (loadPrompts), which draws this panel once it is known.
import { useTranslation } from 'react-i18next';
import { ErrorMessage } from '../components/Alert';
import { useFailureText } from '../errors/useFailureText';
import { useAppDispatch, useAppSelector } from '../state/hooks';
import { enablePrompts } from '../state/promptsSlice';
import { install, useInstallOffered } from './installPrompt';
import { PromptEmailsSwitch } from './PromptEmailsSwitch';

function InstallButton() {
  const { t } = useTranslation();
  const offered = useInstallOffered();
  return offered ? (
    <button type="button" className="secondary" onClick={() => void install()}>
      {t('prompts.install')}
    </button>
  ) : null;
}

export function PromptSettings() {
  const { t } = useTranslation();
  const failureText = useFailureText();
  const dispatch = useAppDispatch();
  const { availability, subscribed, requests } = useAppSelector((state) => state.prompts);
  if (availability === null) return null;

  const turningOn = requests.turnOn.status === 'request';
  let content;
  if (availability === 'install-first') {
    content = (
      <>
        <p className="note">{t('prompts.installFirst')}</p>
        <p>{t('prompts.installHowIos')}</p>
        <p className="muted">{t('prompts.meanwhile')}</p>
      </>
    );
  } else if (availability === 'unsupported') {
    content = (
      <>
        <p className="note">{t('prompts.unsupported')}</p>
        <p>{t('prompts.unsupportedHow')}</p>
        <InstallButton />
        <p className="muted">{t('prompts.meanwhile')}</p>
      </>
    );
  } else if (availability === 'denied') {
    content = (
      <>
        <p className="note">{t('prompts.denied')}</p>
        <p>{t('prompts.deniedHow')}</p>
        <p className="muted">{t('prompts.meanwhile')}</p>
      </>
    );
  } else if (subscribed) {
    content = (
      <p className="alert alert-ok" role="status">
        {t('prompts.on')}
      </p>
    );
  } else {
    content = (
      <>
        <p role="status">{t('prompts.off')}</p>
        <p>{t('prompts.explain')}</p>
        <ErrorMessage message={requests.turnOn.status === 'fail' ? t('prompts.failed', { reason: failureText(requests.turnOn.message) ?? '' }) : null} />
        <button type="button" className="primary" disabled={turningOn} onClick={() => void dispatch(enablePrompts())}>
          {turningOn ? t('prompts.turningOn') : t('prompts.turnOn')}
        </button>
        <InstallButton />
      </>
    );
  }
  return (
    <section className="panel" aria-labelledby="prompts-title">
      <h2 id="prompts-title">{t('prompts.title')}</h2>
      {content}
      <PromptEmailsSwitch />
    </section>
  );
}
