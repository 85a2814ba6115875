// The study's prompting choice in Basic Information (issue 33): "Email a prompt when it cannot be pushed" with
// its minutes, and the adherence alerts' switch and thresholds, saved on their own with the basic-information
// permission. The shared rule checks the numbers before the call; the server checks them again.
import { useEffect, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useAppDispatch } from '../../../app/hooks';
import { toastShown } from '../../../app/notifications/notificationsSlice';
import { promptingMessages } from '../../../../shared/messages';
import { PROMPTING_BOUNDS, promptingProblem, type PromptingNumberField, type PromptingSettings } from '../../../../shared/prompting';
import type { StudyEditorCalls } from './editorCalls';

type Draft = Omit<PromptingSettings, PromptingNumberField> & Record<PromptingNumberField, string>;

const NUMBER_LABELS: Record<PromptingNumberField, string> = {
  emailAfterMinutes: promptingMessages.emailAfterMinutesLabel,
  alertResponseRate: promptingMessages.alertResponseRateLabel,
  alertPrompts: promptingMessages.alertPromptsLabel,
  alertSilentHours: promptingMessages.alertSilentHoursLabel,
};

const fieldId = (field: keyof PromptingSettings) => `study-prompting-${field}`;

function draftOf(settings: PromptingSettings): Draft {
  return {
    ...settings,
    emailAfterMinutes: String(settings.emailAfterMinutes),
    alertResponseRate: String(settings.alertResponseRate),
    alertPrompts: String(settings.alertPrompts),
    alertSilentHours: String(settings.alertSilentHours),
  };
}

/** A blank field reads as no number, so the rule names it rather than saving 0. */
const numberOf = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));

function settingsOf(draft: Draft): PromptingSettings {
  return {
    ...draft,
    emailAfterMinutes: numberOf(draft.emailAfterMinutes),
    alertResponseRate: numberOf(draft.alertResponseRate),
    alertPrompts: numberOf(draft.alertPrompts),
    alertSilentHours: numberOf(draft.alertSilentHours),
  };
}

interface PromptingFieldsProps {
  calls: Pick<StudyEditorCalls, 'prompting' | 'loadPrompting' | 'savePrompting' | 'requests'>;
  canEdit: boolean;
}

export function PromptingFields({ calls, canEdit }: PromptingFieldsProps) {
  const dispatch = useAppDispatch();
  const { prompting, loadPrompting, savePrompting, requests } = calls;
  useEffect(() => loadPrompting(), [loadPrompting]);
  const [shown, setShown] = useState(prompting);
  const [draft, setDraft] = useState(prompting ? draftOf(prompting) : null);
  const [error, setError] = useState<{ field: PromptingNumberField; message: string } | null>(null);
  // What the server answers (loaded or saved) replaces the working copy, during this render.
  if (prompting !== shown) {
    setShown(prompting);
    setDraft(prompting ? draftOf(prompting) : null);
  }
  if (!draft) return null;

  const change = (next: Partial<Draft>) => {
    setDraft({ ...draft, ...next });
    if (error && error.field in next) setError(null);
  };
  const save = async () => {
    const settings = settingsOf(draft);
    const problem = promptingProblem(settings);
    setError(problem);
    if (problem) {
      document.getElementById(fieldId(problem.field))?.focus();
      return;
    }
    if (await savePrompting(settings)) dispatch(toastShown(promptingMessages.saved));
  };

  const numberField = (field: PromptingNumberField, disabled: boolean) => {
    const { min, max } = PROMPTING_BOUNDS[field];
    const message = error?.field === field ? error.message : null;
    return (
      <Form.Group className="mb-2" controlId={fieldId(field)}>
        <Form.Label className="small">{NUMBER_LABELS[field]}</Form.Label>
        <Form.Control
          type="number"
          size="sm"
          min={min}
          max={max}
          step={1}
          value={draft[field]}
          readOnly={!canEdit}
          disabled={disabled}
          onChange={(event) => change({ [field]: event.target.value })}
          isInvalid={Boolean(message)}
          aria-invalid={message ? true : undefined}
          aria-describedby={message ? `${fieldId(field)}-error` : undefined}
        />
        {message && (
          <Form.Control.Feedback type="invalid" id={`${fieldId(field)}-error`}>
            {message}
          </Form.Control.Feedback>
        )}
      </Form.Group>
    );
  };

  const switchField = (field: 'emailFallback' | 'adherenceAlerts', label: string) => (
    <Form.Check
      id={fieldId(field)}
      className="mb-2"
      label={label}
      checked={draft[field]}
      disabled={!canEdit}
      onChange={(event) => change({ [field]: event.target.checked })}
    />
  );

  return (
    <fieldset className="border-top pt-3 mt-3" aria-labelledby="study-prompting-heading">
      <h3 id="study-prompting-heading" className="h6">
        {promptingMessages.heading}
      </h3>
      {switchField('emailFallback', promptingMessages.emailFallbackLabel)}
      {numberField('emailAfterMinutes', !draft.emailFallback)}
      {switchField('adherenceAlerts', promptingMessages.adherenceAlertsLabel)}
      {numberField('alertResponseRate', !draft.adherenceAlerts)}
      {numberField('alertPrompts', !draft.adherenceAlerts)}
      {numberField('alertSilentHours', !draft.adherenceAlerts)}
      {canEdit && (
        <Button variant="outline-primary" onClick={() => void save()} disabled={requests.savePrompting.status === 'request'}>
          {promptingMessages.save}
        </Button>
      )}
    </fieldset>
  );
}
