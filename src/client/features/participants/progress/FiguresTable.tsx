// A chart's figures as a table under "The same figures as a table": for screen readers and for exact values.
import Table from 'react-bootstrap/Table';

export interface FiguresRow {
  /** The row's heading, e.g. "Day 3". */
  label: string;
  cells: (string | number)[];
}

export function FiguresTable({ summary, caption, headers, rows }: { summary: string; caption: string; headers: string[]; rows: FiguresRow[] }) {
  return (
    <details className="mt-2">
      <summary>{summary}</summary>
      <Table size="sm" className="mt-2 w-auto">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {headers.map((h) => (
              <th key={h} scope="col">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.label}>
              <th scope="row" className="fw-normal">
                {row.label}
              </th>
              {row.cells.map((cell, i) => (
                <td key={headers[i + 1] ?? i}>{cell}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </Table>
    </details>
  );
}
