// The group's delivery rate against its response rate per day of the study (recharts, which only this page's
// chunk loads). The same figures follow as a table, for screen readers and for reading exact values.
import { CartesianGrid, Legend, Line, LineChart, Tooltip, XAxis, YAxis } from 'recharts';
import { formatRate, progressTexts } from '../../../../shared/progress';
import type { StudyDayProgress } from '../../../../shared/types/progress';
import { FiguresTable } from './FiguresTable';

const c = progressTexts;

const percent = (value: number | null) => (value === null ? null : Math.round(value * 100));

export function ProgressChart({ days }: { days: StudyDayProgress[] }) {
  const data = days.map((d) => ({ day: d.day, delivery: percent(d.delivery), response: percent(d.response) }));
  return (
    <section aria-labelledby="progress-chart-title" className="mb-3">
      <h2 id="progress-chart-title" className="h5">
        {progressTexts.chartTitle}
      </h2>
      <div role="img" aria-label={`${progressTexts.chartTitle}: ${progressTexts.series.delivery} and ${progressTexts.series.response}, in percent`}>
        <LineChart responsive style={{ width: '100%', height: 260 }} data={data} margin={{ top: 8, right: 16, bottom: 8, left: 8 }} accessibilityLayer={false}>
          <CartesianGrid strokeDasharray="3 3" />
          <XAxis dataKey="day" label={{ value: progressTexts.chartDayAxis, position: 'insideBottom', offset: -4 }} height={40} />
          <YAxis domain={[0, 100]} unit="%" width={56} />
          <Tooltip formatter={(value) => `${String(value)}%`} labelFormatter={(day) => `Day ${String(day)}`} />
          <Legend verticalAlign="top" />
          <Line type="monotone" dataKey="delivery" name={progressTexts.series.delivery} stroke="var(--bs-primary)" strokeWidth={2} connectNulls isAnimationActive={false} />
          <Line type="monotone" dataKey="response" name={progressTexts.series.response} stroke="var(--bs-success)" strokeWidth={2} strokeDasharray="6 3" connectNulls isAnimationActive={false} />
        </LineChart>
      </div>
      <FiguresTable
        summary={progressTexts.chartSummary}
        caption={progressTexts.chartTitle}
        headers={[c.chartDayAxis, c.columns.planned, c.columns.delivered, c.columns.completed, c.columns.delivery, c.columns.response]}
        rows={days.map((d) => ({ label: `Day ${d.day}`, cells: [d.planned, d.delivered, d.completed, formatRate(d.delivery), formatRate(d.response)] }))}
      />
    </section>
  );
}
