// 'Include pilot data' (issue 20): pilot participants are left out of Study Progress and every download unless
// it is ticked (the server leaves them out unless includePilot is true).
import Form from 'react-bootstrap/Form';
import { pilotTexts } from '../../../shared/pilotTexts';

export function IncludePilotCheckbox({ id, checked, onChange }: { id: string; checked: boolean; onChange: (checked: boolean) => void }) {
  return <Form.Check type="checkbox" id={id} label={pilotTexts.includePilot} checked={checked} onChange={(event) => onChange(event.target.checked)} />;
}
