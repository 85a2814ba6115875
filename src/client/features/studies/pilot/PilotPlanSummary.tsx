// The pilot participant's plan (issue 20): every prompt, reminder, diary and questionnaire with its state as read
// on the pilot's clock. Moments are in the study setting's time zone.
import Badge from 'react-bootstrap/Badge';
import Card from 'react-bootstrap/Card';
import Table from 'react-bootstrap/Table';
import { pilotTaskStates, pilotTexts } from '../../../../shared/pilotTexts';
import type { PilotTask } from '../../../../shared/types/pilot';
import { EmptyState } from '../../../components/EmptyState';
import { momentText } from '../../participants';
import { planInOrder } from './pilotPlan';

const KINDS: Record<string, string> = { ema: 'EMA prompt', diary: 'Diary', once: 'Questionnaire', anytime: 'Anytime questionnaire' };
const STATE_COLOURS: Record<string, string> = { completed: 'success', expired: 'secondary', missed: 'secondary', cancelled: 'dark', planned: 'primary' };

function kindOf(task: PilotTask): string {
  if (task.followup) return task.prompt_id ? pilotTexts.followupReminderKind : pilotTexts.followupKind;
  return task.kind === 'ema' && task.prompt_id ? 'Reminder' : (KINDS[task.kind] ?? task.kind);
}

function whenOf(task: PilotTask, zone: string): string {
  if (task.notification_datetime) return momentText(task.notification_datetime, zone);
  if (task.diary_start_date) return `From ${task.diary_start_date}${task.number_of_days ? `, ${task.number_of_days} days` : ''}`;
  return '';
}

export function PilotPlanSummary({ plan, zone }: { plan: readonly PilotTask[]; zone: string }) {
  return (
    <Card className="mb-3">
      <Card.Body>
        <Card.Title as="h2" className="h5">
          {pilotTexts.planTitle}
        </Card.Title>
        {plan.length === 0 ? (
          <EmptyState message={pilotTexts.emptyPlan} />
        ) : (
          <Table size="sm" responsive className="align-middle mb-0 table-cards" aria-label={pilotTexts.planTitle}>
            <thead>
              <tr>
                <th scope="col">Questionnaire</th>
                <th scope="col">Kind</th>
                <th scope="col">When</th>
                <th scope="col">State</th>
              </tr>
            </thead>
            <tbody>
              {planInOrder(plan).map((task) => (
                <tr key={task._id} data-testid="pilot-plan-row">
                  <td data-label="Questionnaire">{task.questionnaire.chin_name}</td>
                  <td data-label="Kind">{kindOf(task)}</td>
                  <td data-label="When">{whenOf(task, zone)}</td>
                  <td data-label="State">
                    <Badge bg={STATE_COLOURS[task.status] ?? 'secondary'}>{pilotTaskStates[task.status] ?? task.status}</Badge>
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
        )}
      </Card.Body>
    </Card>
  );
}
