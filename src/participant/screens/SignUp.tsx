// Create an account (email and password, the password typed twice); then on to where the participant was going.
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorMessage } from '../components/Alert';
import { useFailureText } from '../errors/useFailureText';
import { Field } from '../components/Field';
import { useAppDispatch, useAppSelector } from '../state/hooks';
import { sessionRequestReset, signUp } from '../state/sessionSlice';
import { navigate, useLocation } from '../routing/history';
import { Link } from '../routing/Link';
import { paths, safeNext } from '../routing/paths';
import { JoinNote } from './JoinNote';

export function SignUp() {
  const { t } = useTranslation();
  const failureText = useFailureText();
  const dispatch = useAppDispatch();
  const { search } = useLocation();
  const next = safeNext(search);
  const request = useAppSelector((state) => state.session.requests.signUp);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [mismatch, setMismatch] = useState(false);
  useEffect(() => () => void dispatch(sessionRequestReset('signUp')), [dispatch]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (password !== confirm) {
      setMismatch(true);
      return;
    }
    setMismatch(false);
    const result = await dispatch(signUp({ email: email.trim(), password }));
    if (signUp.fulfilled.match(result)) navigate(next ?? paths.home(), { replace: true });
  };

  return (
    <section aria-labelledby="sign-up-title">
      <h1 id="sign-up-title">{t('account.signUpTitle')}</h1>
      <JoinNote next={next} />
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Field label={t('account.email')} type="email" autoComplete="email" inputMode="email" required value={email} onChange={(e) => setEmail(e.target.value)} />
        <Field label={t('account.password')} type="password" autoComplete="new-password" required value={password} onChange={(e) => setPassword(e.target.value)} />
        <Field label={t('account.confirmPassword')} type="password" autoComplete="new-password" required value={confirm} onChange={(e) => setConfirm(e.target.value)} />
        <ErrorMessage message={mismatch ? t('account.passwordsDiffer') : request.status === 'fail' ? failureText(request.message) : null} />
        <button className="primary" type="submit" disabled={request.status === 'request'}>
          {t('account.signUp')}
        </button>
      </form>
      <p className="links">
        {t('account.haveAccount')} <Link href={paths.signIn(next ?? undefined)}>{t('account.signIn')}</Link>
      </p>
    </section>
  );
}
