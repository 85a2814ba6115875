// The lab's storage used against the quota, as a progress bar.
import type { LabInfo } from '../../../shared/types/identity';
import { quotaPercent, storageSummary } from '../../../shared/byteSize';

export function LabStorage({ info }: { info: LabInfo }) {
  const percent = quotaPercent(info.storageUsed);
  const summary = storageSummary(info.storageUsed);
  return (
    <section className="mb-4" aria-labelledby="lab-storage-heading">
      <h2 id="lab-storage-heading" className="h6 mb-2">
        Storage Used
      </h2>
      {/* Bootstrap 5.3 markup: the progressbar role sits on the outer element, which carries the name. */}
      <div
        className="progress storage-bar"
        role="progressbar"
        aria-label="Storage used"
        aria-valuenow={percent}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuetext={summary}
      >
        <div className="progress-bar" style={{ width: `${percent}%` }} />
      </div>
      <p className="small text-body-secondary mt-1 mb-0">{summary}</p>
    </section>
  );
}
