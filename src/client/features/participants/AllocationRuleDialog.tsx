// Allocate on consent (issue 34, part 4): the study's standing allocation rule. Shows the rule in force (stage,
// groups and ratios, block size, seed, how many it has allocated) with Change and Turn off (which asks first), or
// the form to turn it on: the fields of Assign at random without the participants, checked by the shared rule
// before the call (the server checks again). Mounted only while open.
import { useEffect, useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import { allocationRuleProblem, allocationRuleTexts, allocationTexts, type AllocationRule } from '../../../shared/allocation';
import type { Study } from '../../../shared/types/study';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { groupLabel, stageLabel } from '../../components/stageGroup/labels';
import { DialogCloseButton } from '../../components/unsavedChanges/GuardedModal';
import { AllocationTargetFields, bodyOf, emptyTarget, targetDirty, type TargetDraft } from './AllocationTargetFields';
import { DraftDialog } from './DraftDialog';
import { fetchAllocationRule, participantsRequestReset, saveAllocationRule, selectParticipantsRequests, turnOffAllocationRule } from './participantsSlice';

interface AllocationRuleDialogProps {
  study: Study;
  onClose: () => void;
}

type Step = 'view' | 'edit' | 'confirmOff';

export function AllocationRuleDialog({ study, onClose }: AllocationRuleDialogProps) {
  const dispatch = useAppDispatch();
  const requests = useAppSelector(selectParticipantsRequests);
  const stages = [...study.stage_list].sort((a, b) => a.stage_num - b.stage_num);
  // undefined while it loads; null when the study has none.
  const [rule, setRule] = useState<AllocationRule | null | undefined>(undefined);
  const [step, setStep] = useState<Step>('view');
  const [draft, setDraft] = useState<TargetDraft>(emptyTarget);
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);

  useEffect(() => {
    void dispatch(fetchAllocationRule(study._id)).then((answer) => {
      if (fetchAllocationRule.fulfilled.match(answer)) {
        setRule(answer.payload);
        if (answer.payload === null) setStep('edit');
      } else setProblem(answer.payload?.message ?? answer.error.message ?? null);
    });
    return () => {
      for (const key of ['allocationRule', 'saveAllocationRule', 'turnOffAllocationRule'] as const) dispatch(participantsRequestReset(key));
    };
  }, [dispatch, study._id]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const body = bodyOf(stages, draft);
    const found = allocationRuleProblem(body);
    setProblem(found);
    setDone(null);
    if (found) return;
    const answer = await dispatch(saveAllocationRule({ ...body, studyId: study._id }));
    if (saveAllocationRule.fulfilled.match(answer)) {
      setRule(answer.payload);
      setDraft(emptyTarget);
      setStep('view');
      setDone(allocationRuleTexts.turnedOn);
    } else setProblem(answer.payload?.message ?? answer.error.message ?? null);
  };

  const turnOff = async () => {
    const answer = await dispatch(turnOffAllocationRule(study._id));
    if (turnOffAllocationRule.fulfilled.match(answer)) {
      setRule(null);
      setStep('edit');
      setProblem(null);
      setDone(allocationRuleTexts.turnedOff);
    } else setProblem(answer.payload?.message ?? answer.error.message ?? null);
  };

  const target = rule ? stages.find((s) => s._id === rule.stageId) : undefined;
  const groupName = (id: string) => {
    const group = target?.participant_group_list.find((g) => g._id === id);
    return group ? groupLabel(group) : id;
  };
  const saving = requests.saveAllocationRule.status === 'request';
  const turningOff = requests.turnOffAllocationRule.status === 'request';

  return (
    <DraftDialog title={allocationRuleTexts.title} titleId="allocation-rule-title" dirty={step === 'edit' && targetDirty(draft)} onClose={onClose}>
      <Form noValidate onSubmit={(event) => void submit(event)}>
        <Modal.Body>
          {problem && (
            <Alert variant="danger" role="alert">
              {problem}
            </Alert>
          )}
          {done && (
            <Alert variant="success" role="status">
              {done}
            </Alert>
          )}
          <p className="text-body-secondary small">{allocationRuleTexts.explanation}</p>
          {rule === undefined && !problem && <p role="status">{allocationRuleTexts.loading}</p>}
          {rule === null && step !== 'edit' && <p>{allocationRuleTexts.none}</p>}
          {rule && (
            <section aria-labelledby="allocation-rule-in-force" className="mb-3">
              <h3 id="allocation-rule-in-force" className="h6">
                {allocationRuleTexts.inForce}
              </h3>
              <ul className="mb-2">
                <li>{target ? stageLabel(target) : rule.stageId}</li>
                <li>{rule.groupIds.map((g, i) => `${groupName(g)} (${rule.ratios[i]})`).join(', ')}</li>
                <li>{allocationRuleTexts.blocksOf(rule.blockSize)}</li>
                <li>{allocationTexts.seedUsed(rule.seed)}</li>
                <li>{allocationRuleTexts.allocatedSoFar(rule.allocatedCount)}</li>
              </ul>
              {step === 'confirmOff' ? (
                <Alert variant="warning" className="mb-0">
                  <p>{allocationRuleTexts.confirmTurnOff}</p>
                  <div className="d-flex gap-2">
                    <Button variant="danger" disabled={turningOff} onClick={() => void turnOff()}>
                      {allocationRuleTexts.confirmYes}
                    </Button>
                    <Button variant="outline-secondary" onClick={() => setStep('view')} autoFocus>
                      {allocationRuleTexts.keepOn}
                    </Button>
                  </div>
                </Alert>
              ) : (
                step === 'view' && (
                  <div className="d-flex gap-2">
                    <Button variant="outline-primary" onClick={() => setStep('edit')}>
                      {allocationRuleTexts.change}
                    </Button>
                    <Button variant="outline-danger" onClick={() => setStep('confirmOff')}>
                      {allocationRuleTexts.turnOff}
                    </Button>
                  </div>
                )
              )}
            </section>
          )}
          {step === 'edit' && (
            <fieldset>
              <legend className="form-label fs-6">{allocationRuleTexts.turnOn}</legend>
              {rule && <p className="small">{allocationRuleTexts.changeNote}</p>}
              <AllocationTargetFields idPrefix="allocation-rule" stages={stages} draft={draft} onChange={setDraft} />
            </fieldset>
          )}
        </Modal.Body>
        <Modal.Footer>
          <DialogCloseButton>{step === 'edit' ? allocationTexts.cancel : allocationRuleTexts.close}</DialogCloseButton>
          {step === 'edit' && (
            <Button type="submit" variant="primary" disabled={saving}>
              {saving ? allocationRuleTexts.saving : allocationRuleTexts.turnOn}
            </Button>
          )}
        </Modal.Footer>
      </Form>
    </DraftDialog>
  );
}
