// Sign in; afterwards the screen the participant came for (a join link) or their studies.
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FailureMessage } from '../components/Alert';
import { Field } from '../components/Field';
import { useAppDispatch, useAppSelector } from '../state/hooks';
import { sessionRequestReset, signIn } from '../state/sessionSlice';
import { navigate, useLocation } from '../routing/history';
import { Link } from '../routing/Link';
import { paths, safeNext } from '../routing/paths';
import { JoinNote } from './JoinNote';

export function SignIn() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const { search } = useLocation();
  const next = safeNext(search);
  const request = useAppSelector((state) => state.session.requests.signIn);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  useEffect(() => () => void dispatch(sessionRequestReset('signIn')), [dispatch]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const result = await dispatch(signIn({ email: email.trim(), password }));
    if (signIn.fulfilled.match(result)) navigate(next ?? paths.home(), { replace: true });
  };

  return (
    <section aria-labelledby="sign-in-title">
      <h1 id="sign-in-title">{t('account.signInTitle')}</h1>
      <JoinNote next={next} />
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Field label={t('account.email')} type="email" autoComplete="email" inputMode="email" required value={email} onChange={(e) => setEmail(e.target.value)} />
        <Field label={t('account.password')} type="password" autoComplete="current-password" required value={password} onChange={(e) => setPassword(e.target.value)} />
        <FailureMessage request={request} />
        <button className="primary" type="submit" disabled={request.status === 'request'}>
          {t('account.signIn')}
        </button>
      </form>
      <p className="links">
        <Link href={paths.forgotPassword()}>{t('account.forgot')}</Link>
      </p>
      <p className="links">
        {t('account.noAccount')} <Link href={paths.signUp(next ?? undefined)}>{t('account.signUp')}</Link>
      </p>
    </section>
  );
}
