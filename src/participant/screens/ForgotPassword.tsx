// Forgot password: ask for the mailed code, then set a new password with it. The server's answers are shown
// as they come (it says the same whether or not the account exists).
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FailureMessage, StatusMessage } from '../components/Alert';
import { Field } from '../components/Field';
import { useAppDispatch, useAppSelector } from '../state/hooks';
import { requestReset, resetPassword, sessionRequestReset } from '../state/sessionSlice';
import { Link } from '../routing/Link';
import { paths } from '../routing/paths';

export function ForgotPassword() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const { requestReset: asked, resetPassword: reset } = useAppSelector((state) => state.session.requests);
  const message = useAppSelector((state) => state.session.resetMessage);
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [step, setStep] = useState<'ask' | 'reset'>('ask');
  useEffect(
    () => () => {
      void dispatch(sessionRequestReset('requestReset'));
      void dispatch(sessionRequestReset('resetPassword'));
    },
    [dispatch],
  );

  const ask = async (event: FormEvent) => {
    event.preventDefault();
    const result = await dispatch(requestReset({ email: email.trim() }));
    if (requestReset.fulfilled.match(result)) setStep('reset');
  };
  const setNew = async (event: FormEvent) => {
    event.preventDefault();
    await dispatch(resetPassword({ email: email.trim(), code: code.trim(), newPassword: password }));
  };

  return (
    <section aria-labelledby="forgot-title">
      <h1 id="forgot-title">{t('account.forgotTitle')}</h1>
      {step === 'ask' ? (
        <form onSubmit={(event) => void ask(event)} noValidate>
          <p>{t('account.forgotIntro')}</p>
          <Field label={t('account.email')} type="email" autoComplete="email" inputMode="email" required value={email} onChange={(e) => setEmail(e.target.value)} />
          <FailureMessage request={asked} />
          <button className="primary" type="submit" disabled={asked.status === 'request'}>
            {t('account.sendCode')}
          </button>
          <button className="secondary" type="button" onClick={() => setStep('reset')}>
            {t('account.haveCode')}
          </button>
        </form>
      ) : reset.status === 'success' ? (
        <StatusMessage message={message} />
      ) : (
        <form onSubmit={(event) => void setNew(event)} noValidate>
          <StatusMessage message={asked.status === 'success' ? message : null} />
          <Field label={t('account.email')} type="email" autoComplete="email" inputMode="email" required value={email} onChange={(e) => setEmail(e.target.value)} />
          <Field label={t('account.code')} autoComplete="one-time-code" inputMode="numeric" required value={code} onChange={(e) => setCode(e.target.value)} />
          <Field label={t('account.newPassword')} type="password" autoComplete="new-password" required value={password} onChange={(e) => setPassword(e.target.value)} />
          <FailureMessage request={reset} />
          <button className="primary" type="submit" disabled={reset.status === 'request'}>
            {t('account.setPassword')}
          </button>
        </form>
      )}
      <p className="links">
        <Link href={paths.signIn()}>{t('account.backToSignIn')}</Link>
      </p>
    </section>
  );
}
