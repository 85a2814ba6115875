// Deleting the account (issue 36 part 3): the password, then a confirmation that says it cannot be undone. A
// wrong password shows the server's message and keeps the session; success ends it (sessionSlice).
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FailureMessage } from '../components/Alert';
import { Field } from '../components/Field';
import { useAppDispatch, useAppSelector } from '../state/hooks';
import { deleteAccount, sessionRequestReset } from '../state/sessionSlice';

export function DeleteAccount() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const request = useAppSelector((state) => state.session.requests.deleteAccount);
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void dispatch(deleteAccount({ password }));
  };
  const close = () => {
    setOpen(false);
    setPassword('');
    dispatch(sessionRequestReset('deleteAccount'));
  };
  return (
    <section className="panel" aria-labelledby="delete-account-title">
      <h2 id="delete-account-title">{t('deleteAccount.deleteTitle')}</h2>
      <p>{t('deleteAccount.deleteIntro')}</p>
      {open ? (
        <form role="alertdialog" aria-labelledby="delete-account-confirm" className="confirm" onSubmit={submit}>
          <p id="delete-account-confirm">{t('deleteAccount.deleteConfirm')}</p>
          <Field label={t('deleteAccount.password')} type="password" autoComplete="current-password" required value={password} onChange={(e) => setPassword(e.target.value)} />
          <FailureMessage request={request} />
          <button className="danger" type="submit" disabled={password === '' || request.status === 'request'}>
            {t('deleteAccount.deleteYes')}
          </button>
          <button className="secondary" type="button" onClick={close}>
            {t('deleteAccount.deleteNo')}
          </button>
        </form>
      ) : (
        <button className="secondary" type="button" onClick={() => setOpen(true)}>
          {t('deleteAccount.deleteStart')}
        </button>
      )}
    </section>
  );
}
