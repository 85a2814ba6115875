// The system owner's switch requiring a second factor (issue 36): of a lab's users on the lab's page, or of the
// system owners on the owner's account page.
import { useEffect } from 'react';
import FormCheck from 'react-bootstrap/FormCheck';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { selectReplaying } from '../../app/qa/qaSlice';
import { secondFactorTexts } from '../../../shared/messages';
import { fetchRequirement, selectSecondFactor, setRequirement } from './secondFactorSlice';

/** `labId` null: the owners' requirement. */
export function RequirementSwitch({ labId }: { labId: string | null }) {
  const dispatch = useAppDispatch();
  const { requirement, requests } = useAppSelector(selectSecondFactor);
  const of = labId ?? 'owners';
  const known = requirement?.of === of ? requirement : null;
  // A replayed QA snapshot shows the saved screen as it was: nothing is fetched over it.
  const replaying = useAppSelector(selectReplaying);

  useEffect(() => {
    if (!replaying) void dispatch(fetchRequirement(labId));
  }, [dispatch, labId, replaying]);

  return (
    <FormCheck
      type="switch"
      id={`second-factor-required-${of}`}
      className="mb-3"
      label={labId === null ? secondFactorTexts.requireOwners : secondFactorTexts.requireLab}
      checked={known?.required ?? false}
      disabled={!known || requests.requirement.status === 'request'}
      onChange={(event) => void dispatch(setRequirement({ labId, required: event.target.checked }))}
    />
  );
}
