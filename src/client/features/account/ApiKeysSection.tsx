// The account page's API keys section (issue 36 part 2): make a key (name, studies, expiry), see it once with a
// copy button, list the keys with their last use, and revoke one after a confirmation.
import { useEffect, useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Table from 'react-bootstrap/Table';
import { newApiKeyProblem } from '../../../shared/apiKeys';
import { apiKeyTexts } from '../../../shared/messages';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import {
  createApiKey,
  createdKeyClosed,
  fetchApiKeys,
  fetchApiKeyStudies,
  resetApiKeyRequest,
  revokeApiKey,
  selectApiKeyRequests,
  selectApiKeys,
  selectApiKeyStudies,
  selectCreatedApiKey,
} from './apiKeysSlice';
import { defaultExpiryDay, expiryDayRange, expiryOfDay } from './expiry';

function when(instant: string | null): string {
  return instant ? new Date(instant).toLocaleString() : apiKeyTexts.neverUsed;
}

function CreatedKey({ apiKey, onDone }: { apiKey: string; onDone: () => void }) {
  const [copied, setCopied] = useState(false);
  const copy = () => {
    void navigator.clipboard.writeText(apiKey).then(() => setCopied(true));
  };
  return (
    <Alert variant="warning" data-testid="created-api-key">
      <p className="mb-2">{apiKeyTexts.shownOnce}</p>
      <div className="d-flex gap-2 align-items-center mb-2">
        <code className="user-select-all text-break" aria-label="New API key">
          {apiKey}
        </code>
        <Button size="sm" variant="outline-secondary" onClick={copy}>
          {copied ? apiKeyTexts.copied : apiKeyTexts.copy}
        </Button>
      </div>
      <Button size="sm" onClick={onDone}>
        {apiKeyTexts.done}
      </Button>
    </Alert>
  );
}

function NewKeyForm() {
  const dispatch = useAppDispatch();
  const studies = useAppSelector(selectApiKeyStudies);
  const request = useAppSelector(selectApiKeyRequests).create;
  const [name, setName] = useState('');
  const [chosen, setChosen] = useState<string[]>([]);
  const [day, setDay] = useState(() => defaultExpiryDay(new Date()));
  const [problem, setProblem] = useState<string | null>(null);
  const range = expiryDayRange(new Date());

  const toggle = (id: string) => setChosen((now) => (now.includes(id) ? now.filter((x) => x !== id) : [...now, id]));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = { name, studyIds: chosen, expiresAt: expiryOfDay(day) };
    const found = newApiKeyProblem(body, new Date());
    setProblem(found);
    if (found) return;
    void dispatch(createApiKey(body)).then((action) => {
      if (createApiKey.fulfilled.match(action)) {
        setName('');
        setChosen([]);
        void dispatch(fetchApiKeys());
      }
    });
  };

  const message = problem ?? (request.status === 'fail' ? request.message : null);
  return (
    <Form onSubmit={submit} noValidate className="mb-4" aria-label="New API key">
      <Form.Group className="mb-3" controlId="api-key-name">
        <Form.Label>{apiKeyTexts.name}</Form.Label>
        <Form.Control value={name} onChange={(e) => setName(e.target.value)} />
      </Form.Group>
      <fieldset className="mb-3">
        <legend className="form-label fs-6">{apiKeyTexts.studies}</legend>
        {studies.length === 0 && <p className="text-body-secondary">{apiKeyTexts.noStudies}</p>}
        {studies.map((s) => (
          <Form.Check key={s.id} id={`api-key-study-${s.id}`} label={`${s.name || s.code} (${s.code})`} checked={chosen.includes(s.id)} onChange={() => toggle(s.id)} />
        ))}
      </fieldset>
      <Form.Group className="mb-3" controlId="api-key-expiry">
        <Form.Label>{apiKeyTexts.expiry}</Form.Label>
        <Form.Control type="date" min={range.min} max={range.max} value={day} onChange={(e) => setDay(e.target.value)} />
      </Form.Group>
      {message && (
        <Alert variant="danger" className="py-2">
          {message}
        </Alert>
      )}
      <Button type="submit" disabled={request.status === 'request'}>
        {apiKeyTexts.create}
      </Button>
    </Form>
  );
}

function KeyList() {
  const dispatch = useAppDispatch();
  const keys = useAppSelector(selectApiKeys);
  const studies = useAppSelector(selectApiKeyStudies);
  const revoking = useAppSelector(selectApiKeyRequests).revoke.status === 'request';
  const [toRevoke, setToRevoke] = useState<string | null>(null);
  const nameOf = (id: string) => studies.find((s) => s.id === id)?.name ?? id;
  if (keys.length === 0) return <p className="text-body-secondary">{apiKeyTexts.none}</p>;
  const now = new Date().toISOString();
  return (
    <>
      <Table size="sm" responsive>
        <thead>
          <tr>
            <th>{apiKeyTexts.name}</th>
            <th>{apiKeyTexts.studies}</th>
            <th>{apiKeyTexts.created}</th>
            <th>{apiKeyTexts.expires}</th>
            <th>{apiKeyTexts.lastUsed}</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {keys.map((k) => (
            <tr key={k.id} data-testid="api-key-row">
              <td>
                {k.name} <code className="small">{k.prefix}…</code>
              </td>
              <td>{k.studyIds.map(nameOf).join(', ')}</td>
              <td>{when(k.createdAt)}</td>
              <td>{when(k.expiresAt)}</td>
              <td>{when(k.lastUsedAt)}</td>
              <td>
                {k.revokedAt ? (
                  <span className="text-body-secondary">{apiKeyTexts.revoked}</span>
                ) : k.expiresAt <= now ? (
                  <span className="text-body-secondary">{apiKeyTexts.expired}</span>
                ) : (
                  <Button size="sm" variant="outline-danger" onClick={() => setToRevoke(k.id)}>
                    {apiKeyTexts.revoke}
                  </Button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </Table>
      <ConfirmDialog
        show={toRevoke !== null}
        question={apiKeyTexts.revokeTitle}
        details={apiKeyTexts.revokeBody}
        confirmLabel={apiKeyTexts.revoke}
        busy={revoking}
        onCancel={() => setToRevoke(null)}
        onConfirm={() => {
          if (toRevoke) void dispatch(revokeApiKey(toRevoke)).then(() => setToRevoke(null));
        }}
      />
    </>
  );
}

export function ApiKeysSection() {
  const dispatch = useAppDispatch();
  const created = useAppSelector(selectCreatedApiKey);
  useEffect(() => {
    void dispatch(fetchApiKeys());
    void dispatch(fetchApiKeyStudies());
    return () => {
      dispatch(createdKeyClosed());
      dispatch(resetApiKeyRequest('create'));
    };
  }, [dispatch]);
  return (
    <section aria-labelledby="api-keys-heading" className="mt-4">
      <h2 id="api-keys-heading" className="h4">
        {apiKeyTexts.section}
      </h2>
      <p>{apiKeyTexts.intro}</p>
      {created && <CreatedKey apiKey={created.key} onDone={() => dispatch(createdKeyClosed())} />}
      <NewKeyForm />
      <KeyList />
    </section>
  );
}
