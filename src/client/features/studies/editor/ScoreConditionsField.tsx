// The follow-up rule dialog's score conditions (issue 34 part 2): "score X of the trigger's answer is (operator)
// value", every one of which must hold. Each condition is a row of native fields, so it is edited by keyboard as
// any form; the values are checked by the shared rule when the dialog is applied.
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { followupEditorTexts } from '../../../../shared/messages';
import type { Score } from '../../../../shared/questionnaire/types';
import { SCORE_OPERATORS, type ScoreConditionDraft, type ScoreOperator } from '../../../../shared/study/scoreConditions';
import { scoreWhenSummary } from './settingSummary';

interface ScoreConditionsFieldProps {
  conditions: readonly ScoreConditionDraft[];
  /** The trigger questionnaire's scores; undefined while they are not read (the conditions are then shown as text). */
  scores: readonly Score[] | undefined;
  readOnly: boolean;
  onChange: (conditions: ScoreConditionDraft[]) => void;
}

export function ScoreConditionsField({ conditions, scores, readOnly, onChange }: ScoreConditionsFieldProps) {
  const set = (index: number, changes: Partial<ScoreConditionDraft>) => onChange(conditions.map((c, i) => (i === index ? { ...c, ...changes } : c)));
  return (
    <section className="mb-3" aria-labelledby="followup-score-when-title">
      <h3 id="followup-score-when-title" className="h6">
        When the answer&apos;s scores meet
      </h3>
      <p className="small text-body-secondary">Every score condition must hold, besides the conditions above; a score left empty (too few items answered) meets none.</p>
      {scores === undefined ? (
        <p>{conditions.length ? scoreWhenSummary(conditions) : followupEditorTexts.noScoreCondition}</p>
      ) : (
        <>
          {conditions.length === 0 && <p>{scores.length ? followupEditorTexts.noScoreCondition : followupEditorTexts.noScores}</p>}
          {conditions.map((c, index) => {
            const number = index + 1;
            // A name the trigger no longer has stays offered, so the dialog shows what is saved (the rule refuses it).
            const names = scores.some((s) => s.name === c.score) ? scores.map((s) => s.name) : [c.score, ...scores.map((s) => s.name)];
            return (
              <div key={index} role="group" aria-label={`Score condition ${number}`} className="row g-2 align-items-end mb-2">
                <Form.Group className="col-md-4" controlId={`followup-score-${index}`}>
                  <Form.Label className="small mb-1">Score</Form.Label>
                  <Form.Select size="sm" value={c.score} onChange={(e) => set(index, { score: e.target.value })}>
                    {names.map((name) => (
                      <option key={name} value={name}>
                        {name}
                      </option>
                    ))}
                  </Form.Select>
                </Form.Group>
                <Form.Group className="col-md-3" controlId={`followup-score-operator-${index}`}>
                  <Form.Label className="small mb-1">Operator</Form.Label>
                  <Form.Select size="sm" value={c.criterion_operator} onChange={(e) => set(index, { criterion_operator: e.target.value as ScoreOperator })}>
                    {SCORE_OPERATORS.map((o) => (
                      <option key={o} value={o}>
                        {o}
                      </option>
                    ))}
                  </Form.Select>
                </Form.Group>
                <Form.Group className="col-md-3" controlId={`followup-score-value-${index}`}>
                  <Form.Label className="small mb-1">Value</Form.Label>
                  <Form.Control
                    size="sm"
                    type="text"
                    inputMode="decimal"
                    autoComplete="off"
                    value={String(c.criterion_value)}
                    onChange={(e) => set(index, { criterion_value: e.target.value })}
                  />
                </Form.Group>
                {!readOnly && (
                  <div className="col-md-2">
                    <Button size="sm" variant="outline-danger" onClick={() => onChange(conditions.filter((_, i) => i !== index))}>
                      Remove<span className="visually-hidden"> score condition {number}</span>
                    </Button>
                  </div>
                )}
              </div>
            );
          })}
          {!readOnly && scores.length > 0 && (
            <Button
              size="sm"
              variant="outline-primary"
              onClick={() => onChange([...conditions, { score: scores[0].name, criterion_operator: 'greater or equal', criterion_value: '' }])}
            >
              Add score condition
            </Button>
          )}
        </>
      )}
    </section>
  );
}
