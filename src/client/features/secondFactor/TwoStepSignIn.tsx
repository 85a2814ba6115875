// The account page's "Two-step sign-in" section (issue 36): start → QR code and secret → a code → the recovery
// codes, shown once with a warning → on; and removal with the password and a code, after a confirmation.
import { useEffect, useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import type { SessionKind } from '../../api/client';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { TextField } from '../../components/forms/TextField';
import { secondFactorTexts as texts } from '../../../shared/messages';
import { recoveryCodesDismissed, enrolmentCancelled, secondFactorThunks, selectSecondFactor, secondFactorRequestReset } from './secondFactorSlice';

export function TwoStepSignIn({ session }: { session: SessionKind }) {
  const dispatch = useAppDispatch();
  const thunks = secondFactorThunks[session];
  const { status, enrolment, recoveryCodes, requests } = useAppSelector(selectSecondFactor);
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [removing, setRemoving] = useState(false);
  const [asking, setAsking] = useState(false);

  useEffect(() => {
    void dispatch(thunks.fetchStatus());
    return () => {
      dispatch(enrolmentCancelled());
      dispatch(recoveryCodesDismissed());
    };
  }, [dispatch, thunks]);

  const confirm = async (event: FormEvent) => {
    event.preventDefault();
    const result = await dispatch(thunks.confirm(code));
    if (thunks.confirm.fulfilled.match(result)) setCode('');
  };

  const remove = async () => {
    setAsking(false);
    const result = await dispatch(thunks.remove({ password, code }));
    if (thunks.remove.fulfilled.match(result)) {
      setRemoving(false);
      setPassword('');
      setCode('');
    }
  };

  const failure = (key: 'confirm' | 'remove') => (requests[key].status === 'fail' ? requests[key].message : null);

  return (
    <section aria-labelledby="two-step-heading" className="card mb-4">
      <div className="card-body">
        <h2 id="two-step-heading" className="h5">
          {texts.heading}
        </h2>
        {status && !status.totp && status.required && <Alert variant="warning">{texts.required}</Alert>}
        {status && !recoveryCodes && <p>{status.totp ? texts.on(status.recoveryCodesLeft) : texts.off}</p>}

        {recoveryCodes && (
          <div>
            <h3 className="h6">{texts.recoveryHeading}</h3>
            <Alert variant="warning">{texts.recoveryWarning}</Alert>
            <ul aria-label={texts.recoveryHeading} className="list-unstyled font-monospace">
              {recoveryCodes.map((recovery) => (
                <li key={recovery}>{recovery}</li>
              ))}
            </ul>
            <Button onClick={() => dispatch(recoveryCodesDismissed())}>{texts.recoveryKept}</Button>
          </div>
        )}

        {status && !status.totp && !enrolment && (
          <Button onClick={() => void dispatch(thunks.start())} disabled={requests.start.status === 'request'}>
            {texts.start}
          </Button>
        )}

        {enrolment && (
          <form noValidate onSubmit={(event) => void confirm(event)}>
            <p>{texts.scan}</p>
            <img src={enrolment.qrCode} alt={texts.qrAlt} width={200} height={200} />
            <p>
              {texts.secretLabel}: <code data-testid="totp-secret">{enrolment.secret}</code>
            </p>
            <TextField id="totp-code" label={texts.codeLabel} value={code} onChange={setCode} autoComplete="one-time-code" error={failure('confirm')} />
            <Button type="submit" disabled={requests.confirm.status === 'request'}>
              {texts.confirm}
            </Button>{' '}
            <Button variant="secondary" onClick={() => dispatch(enrolmentCancelled())}>
              {texts.cancel}
            </Button>
          </form>
        )}

        {status?.totp && !recoveryCodes && !removing && !status.required && (
          <Button
            variant="outline-danger"
            onClick={() => {
              dispatch(secondFactorRequestReset('remove'));
              setRemoving(true);
            }}
          >
            {texts.remove}
          </Button>
        )}

        {removing && (
          <form
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              setAsking(true);
            }}
          >
            <p>{texts.removeHelp}</p>
            <TextField id="remove-password" label={texts.passwordLabel} type="password" value={password} onChange={setPassword} autoComplete="current-password" />
            <TextField id="remove-code" label={texts.codeLabel} value={code} onChange={setCode} autoComplete="one-time-code" error={failure('remove')} />
            <Button type="submit" variant="danger" disabled={requests.remove.status === 'request'}>
              {texts.remove}
            </Button>{' '}
            <Button variant="secondary" onClick={() => setRemoving(false)}>
              {texts.cancel}
            </Button>
          </form>
        )}
        <ConfirmDialog show={asking} question={texts.removeQuestion} confirmLabel={texts.remove} onConfirm={() => void remove()} onCancel={() => setAsking(false)} />
      </div>
    </section>
  );
}
