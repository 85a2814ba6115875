// The visibility conditions of one question (part 2 section 5 "Visibility condition"; its list and form also build a
// follow-up rule's conditions, issue 34 part 1): the groups it has
// (all groups must hold; within a group any condition), and a form adding a condition to a new group (and) or
// to an existing one (or). The shared addCondition decides what may be added and says why not. Added and
// removed conditions go straight into the editor's working copy; a value typed but not yet added is the
// dialog's own unsaved work, so closing then asks first.
import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import { addConditionTo, normalise, operatorsFor, removeConditionFrom, type ConditionDraft } from '../../../../shared/questionnaire/operations';
import { conditionTargetAllowed } from '../../../../shared/questionnaire/rules';
import type { CriterionOperator, DependencyCondition, DependencyGroup, MultipleChoiceSet, Question } from '../../../../shared/questionnaire/types';
import { DialogCloseButton, GuardedModal } from '../../../components/unsavedChanges/GuardedModal';
import { useUnsavedChangesGuard } from '../../../components/unsavedChanges/useUnsavedChangesGuard';
import { questionLabel, responseLabel } from './labels';

interface ConditionDialogProps {
  questions: Question[];
  /** The question whose conditions are open, or null when the dialog is closed. */
  qpos: number | null;
  sets: readonly MultipleChoiceSet[];
  onChange: (questions: Question[]) => void;
  onClose: () => void;
}

const NEW_GROUP = 'new';

function describeCondition(questions: readonly Question[], sets: readonly MultipleChoiceSet[], c: DependencyCondition): string {
  const target = questions[c.dependent_qpos];
  const response = target?.other_info[c.dependent_response_pos];
  if (!target || !response) return `${c.criterion_operator} ${c.criterion_value}`;
  const choice = response.type === 'mc' ? sets.find((s) => s._id === response.choices)?.choices.find((x) => x.value === c.criterion_value) : undefined;
  const value = choice ? `${choice.name} (${choice.value})` : c.criterion_value;
  return `${questionLabel(target, c.dependent_qpos)}, ${responseLabel(c.dependent_response_pos, response.type)} ${c.criterion_operator} "${value}"`;
}

const emptyDraft = (): ConditionDraft => ({ dependent_qpos: null, dependent_response_pos: null, criterion_operator: 'is', criterion_value: '' });

/** The conditions of one question or follow-up rule; `ownQpos` is the question (-1: a follow-up rule's, any question may be named). */
export interface ConditionBuilderProps {
  questions: readonly Question[];
  ownQpos: number;
  groups: readonly DependencyGroup[];
  sets: readonly MultipleChoiceSet[];
  onChange: (groups: DependencyGroup[]) => void;
}

export function ConditionForm({ questions, ownQpos: qpos, groups, sets, onChange }: ConditionBuilderProps) {
  const [draft, setDraft] = useState<ConditionDraft>(emptyDraft);
  const [group, setGroup] = useState<string>(NEW_GROUP);
  const [problem, setProblem] = useState<string | null>(null);
  useUnsavedChangesGuard(draft.criterion_value !== '');

  const targets = questions
    .map((q, i) => ({ q, i, responses: q.other_info.map((_, j) => j).filter((j) => conditionTargetAllowed(questions, qpos, i, j)) }))
    .filter((t) => t.responses.length > 0);
  const chosen = targets.find((t) => t.i === draft.dependent_qpos) ?? null;
  const response = chosen && draft.dependent_response_pos !== null ? chosen.q.other_info[draft.dependent_response_pos] : undefined;
  const operators = response ? operatorsFor(response) : [];
  const set = response?.type === 'mc' ? sets.find((s) => s._id === response.choices) : undefined;
  // A group removed since it was chosen: back to a new group.
  const groupIndex = group === NEW_GROUP || Number(group) >= groups.length ? null : Number(group);

  const chooseQuestion = (value: string) =>
    setDraft({ ...emptyDraft(), dependent_qpos: value === '' ? null : Number(value) });
  const chooseResponse = (value: string) => {
    const rpos = value === '' ? null : Number(value);
    const r = rpos === null || !chosen ? undefined : chosen.q.other_info[rpos];
    setDraft({ ...draft, dependent_response_pos: rpos, criterion_operator: r ? operatorsFor(r)[0] : 'is', criterion_value: '' });
  };

  const add = () => {
    const result = addConditionTo(questions, qpos, groups, groupIndex, draft);
    setProblem(result.problem);
    if (result.problem === null) {
      onChange(result.groups);
      setDraft({ ...draft, criterion_value: '' });
    }
  };

  return (
    <>
      <h3 className="h6">Add a condition</h3>
      {problem && <Alert variant="danger">{problem}</Alert>}
      <div className="row g-2">
        <Form.Group className="col-md-6" controlId="condition-question">
          <Form.Label className="small mb-1">Question</Form.Label>
          <Form.Select size="sm" value={draft.dependent_qpos ?? ''} onChange={(e) => chooseQuestion(e.target.value)}>
            <option value="">Select a question</option>
            {targets.map((t) => (
              <option key={t.q._id} value={t.i}>
                {questionLabel(t.q, t.i)}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
        <Form.Group className="col-md-6" controlId="condition-response">
          <Form.Label className="small mb-1">Response</Form.Label>
          <Form.Select size="sm" value={draft.dependent_response_pos ?? ''} onChange={(e) => chooseResponse(e.target.value)}>
            <option value="">Select a response</option>
            {chosen?.responses.map((j) => (
              <option key={j} value={j}>
                {responseLabel(j, chosen.q.other_info[j].type)}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
        <Form.Group className="col-md-4" controlId="condition-operator">
          <Form.Label className="small mb-1">Operator</Form.Label>
          <Form.Select
            size="sm"
            value={operators.length ? draft.criterion_operator : ''}
            disabled={operators.length === 0}
            onChange={(e) => setDraft({ ...draft, criterion_operator: e.target.value as CriterionOperator })}
          >
            {operators.length === 0 && <option value="">Select a response first</option>}
            {operators.map((o) => (
              <option key={o} value={o}>
                {o}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
        {response?.type === 'mc' ? (
          <Form.Group className="col-md-8" controlId="condition-value">
            <Form.Label className="small mb-1">Value</Form.Label>
            <Form.Select size="sm" value={draft.criterion_value} onChange={(e) => setDraft({ ...draft, criterion_value: e.target.value })}>
              <option value="">Select a choice</option>
              {set?.choices.map((c) => (
                <option key={`${c.position}-${c.value}`} value={c.value}>
                  {c.name}
                </option>
              ))}
            </Form.Select>
          </Form.Group>
        ) : (
          <Form.Group className="col-md-8" controlId="condition-value">
            <Form.Label className="small mb-1">Value</Form.Label>
            <Form.Control
              size="sm"
              inputMode={response?.type === 'text' && response.number_only ? 'decimal' : undefined}
              value={draft.criterion_value}
              onChange={(e) => setDraft({ ...draft, criterion_value: e.target.value })}
            />
          </Form.Group>
        )}
        <Form.Group className="col-md-8" controlId="condition-group">
          <Form.Label className="small mb-1">Add to</Form.Label>
          <Form.Select size="sm" value={groupIndex === null ? NEW_GROUP : String(groupIndex)} onChange={(e) => setGroup(e.target.value)}>
            <option value={NEW_GROUP}>A new group (and)</option>
            {groups.map((_, k) => (
              <option key={k} value={k}>
                Group {k + 1} (or)
              </option>
            ))}
          </Form.Select>
        </Form.Group>
        <div className="col-md-4 d-flex align-items-end">
          <Button size="sm" variant="primary" onClick={add}>
            Add Condition
          </Button>
        </div>
      </div>
    </>
  );
}

/** The groups as a list, each condition with Remove; `emptyText` when there is none. */
export function ConditionGroups({ questions, groups, sets, onChange, emptyText }: ConditionBuilderProps & { emptyText: string }) {
  return (
    <>
      {groups.length === 0 ? (
        <p>{emptyText}</p>
      ) : (
        <ol className="list-unstyled" aria-label="Condition groups">
          {groups.map((g, k) => (
            <li key={k} className="border rounded p-2 mb-2">
              <div className="fw-semibold small mb-1">
                {k > 0 && <span className="text-uppercase me-1">and</span>}Group {k + 1}
              </div>
              <ul className="list-unstyled mb-0">
                {g.or.map((c, ci) => {
                  const text = describeCondition(questions, sets, c);
                  return (
                    <li key={ci} className="d-flex justify-content-between align-items-center gap-2 py-1">
                      <span>
                        {ci > 0 && <span className="text-uppercase me-1">or</span>}
                        {text}
                      </span>
                      <Button
                        size="sm"
                        variant="outline-danger"
                        aria-label={`Remove condition: ${text}`}
                        onClick={() => onChange(removeConditionFrom(groups, k, ci))}
                      >
                        Remove
                      </Button>
                    </li>
                  );
                })}
              </ul>
            </li>
          ))}
        </ol>
      )}
    </>
  );
}

export function ConditionDialog({ questions, qpos, sets, onChange, onClose }: ConditionDialogProps) {
  const question = qpos === null ? undefined : questions[qpos];
  const setGroups = (groups: DependencyGroup[]) =>
    qpos !== null && onChange(normalise(questions.map((q, i) => (i === qpos ? { ...q, dependency: groups } : q))));
  return (
    <GuardedModal show={question !== undefined} onHide={onClose} size="lg" aria-labelledby="condition-dialog-title">
      <Modal.Header closeButton>
        <Modal.Title id="condition-dialog-title" as="h2" className="h5">
          Visibility Condition{question && qpos !== null ? `: ${questionLabel(question, qpos)}` : ''}
        </Modal.Title>
      </Modal.Header>
      {question && qpos !== null && (
        <Modal.Body>
          <p className="small text-body-secondary">
            The question is shown only when every group holds; a group holds when any of its conditions does.
          </p>
          <ConditionGroups questions={questions} ownQpos={qpos} groups={question.dependency} sets={sets} onChange={setGroups} emptyText="This question is always shown." />
          <ConditionForm key={qpos} questions={questions} ownQpos={qpos} groups={question.dependency} sets={sets} onChange={setGroups} />
        </Modal.Body>
      )}
      <Modal.Footer>
        <DialogCloseButton>Close</DialogCloseButton>
      </Modal.Footer>
    </GuardedModal>
  );
}
