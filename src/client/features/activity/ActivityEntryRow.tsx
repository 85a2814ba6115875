// One entry of the Activity table: when, who, what, and its changed fields with before and after side by side.
import type { ActivityEntry } from '../../../shared/audit';
import { auditKindLabel } from '../../../shared/audit';

function shown(value: unknown): string {
  if (value === null || value === undefined) return '—';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

function who(entry: ActivityEntry): string {
  if (entry.actorKind === 'system') return 'System';
  if (entry.actorKind === 'participant') return 'Participant';
  return entry.actorEmail ?? entry.actorId ?? '—';
}

export function ActivityEntryRow({ entry }: { entry: ActivityEntry }) {
  return (
    <tr>
      <td className="text-nowrap">
        <time dateTime={entry.at}>{new Date(entry.at).toLocaleString('en-GB', { timeZone: 'UTC' })} UTC</time>
      </td>
      <td>{who(entry)}</td>
      <td>{auditKindLabel(entry.kind)}</td>
      <td>
        {entry.changes.length > 0 && (
          <table className="table table-sm mb-0 activity-changes">
            <thead>
              <tr>
                <th scope="col">Field</th>
                <th scope="col">Before</th>
                <th scope="col">After</th>
              </tr>
            </thead>
            <tbody>
              {entry.changes.map((change) => (
                <tr key={change.field}>
                  <td>
                    <code>{change.field || '(value)'}</code>
                  </td>
                  <td className="text-break">{shown(change.before)}</td>
                  <td className="text-break">{shown(change.after)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </td>
    </tr>
  );
}
