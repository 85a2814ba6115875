// Fields the EMA and diary dialogs share: a number typed as text (so that "must be a number" can be said, as
// the rules do), the time zone picker offering the deployment's zones, and whose zone the schedule follows.
import Form from 'react-bootstrap/Form';
import { ZONE_RULE_LABEL, ZONE_RULE_LABELS, ZONE_RULES, isZoneRule, type ZoneRule } from '../../../../shared/study/assessmentSettings';

interface NumberTextFieldProps {
  id: string;
  label: string;
  value: number | string;
  onChange: (value: string) => void;
}

export function NumberTextField({ id, label, value, onChange }: NumberTextFieldProps) {
  return (
    <Form.Group className="mb-3" controlId={id}>
      <Form.Label>{label}</Form.Label>
      <Form.Control type="text" inputMode="numeric" autoComplete="off" value={String(value)} onChange={(event) => onChange(event.target.value)} />
    </Form.Group>
  );
}

interface TimezoneFieldProps {
  id: string;
  value: string;
  offered: readonly string[];
  onChange: (value: string) => void;
}

/** The setting's own zone stays listed even when no longer offered, so the dialog shows what is saved. */
export function TimezoneField({ id, value, offered, onChange }: TimezoneFieldProps) {
  const zones = offered.includes(value) ? offered : [value, ...offered];
  return (
    <Form.Group className="mb-3" controlId={id}>
      <Form.Label>Time Zone</Form.Label>
      <Form.Select value={value} onChange={(event) => onChange(event.target.value)}>
        {zones.map((zone) => (
          <option key={zone} value={zone}>
            {zone}
          </option>
        ))}
      </Form.Select>
    </Form.Group>
  );
}

interface ZoneRuleFieldProps {
  id: string;
  value: ZoneRule;
  onChange: (value: ZoneRule) => void;
}

/** The setting's zone, the zone the phone reported at arrival, or the phone's zone as it travels. */
export function ZoneRuleField({ id, value, onChange }: ZoneRuleFieldProps) {
  return (
    <Form.Group className="mb-3" controlId={id}>
      <Form.Label>{ZONE_RULE_LABEL}</Form.Label>
      <Form.Select value={value} onChange={(event) => isZoneRule(event.target.value) && onChange(event.target.value)}>
        {ZONE_RULES.map((rule) => (
          <option key={rule} value={rule}>
            {ZONE_RULE_LABELS[rule]}
          </option>
        ))}
      </Form.Select>
    </Form.Group>
  );
}
