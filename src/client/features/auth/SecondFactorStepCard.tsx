// The sign-in's code step (issue 36), after a right password for an account with a second factor: an
// authenticator code or a recovery code. A wrong code's message shows under the field; Back returns to the
// password.
import { useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import { TextField } from '../../components/forms/TextField';
import { secondFactorTexts } from '../../../shared/messages';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { secondFactorCancelled, selectAuthRequests } from './authSlice';

interface SecondFactorStepCardProps {
  idPrefix: string;
  /** Sends the code; the page moves on when it signs in. */
  onCode: (code: string) => Promise<void>;
}

export function SecondFactorStepCard({ idPrefix, onCode }: SecondFactorStepCardProps) {
  const dispatch = useAppDispatch();
  const request = useAppSelector(selectAuthRequests).secondFactor;
  const [code, setCode] = useState('');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    await onCode(code.trim());
  };

  return (
    <div className="card mx-auto shadow-sm" style={{ maxWidth: 440 }}>
      <div className="card-body p-4">
        <h1 className="h4 mb-3">{secondFactorTexts.heading}</h1>
        <p>{secondFactorTexts.stepHelp}</p>
        <form noValidate onSubmit={(event) => void submit(event)}>
          <TextField
            id={`${idPrefix}-code`}
            label={secondFactorTexts.codeLabel}
            value={code}
            onChange={setCode}
            autoComplete="one-time-code"
            error={request.status === 'fail' ? request.message : null}
          />
          <Button type="submit" variant="primary" className="w-100 mb-2" disabled={request.status === 'request' || code.trim() === ''}>
            {secondFactorTexts.stepSubmit}
          </Button>
          <Button variant="link" className="w-100" onClick={() => dispatch(secondFactorCancelled())}>
            {secondFactorTexts.stepBack}
          </Button>
        </form>
      </div>
    </div>
  );
}
