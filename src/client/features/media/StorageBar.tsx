// The lab's storage used against its 2 GiB quota (part 1 sections 3 and 9), as a progress bar and a line of text.
import ProgressBar from 'react-bootstrap/ProgressBar';
import type { LabInfo } from '../../../shared/types/identity';
import { quotaPercent, storageSummary } from '../../../shared/byteSize';

export function StorageBar({ info }: { info: LabInfo }) {
  const quota = info.storageQuota > 0 ? info.storageQuota : undefined;
  const percent = quotaPercent(info.storageUsed, quota);
  const summary = storageSummary(info.storageUsed, quota);
  return (
    <section className="mb-4" aria-labelledby="storage-heading">
      <h2 id="storage-heading" className="h6 mb-2">
        Storage Used
      </h2>
      <ProgressBar className="storage-bar">
        <ProgressBar
          now={percent}
          variant={percent >= 90 ? 'danger' : undefined}
          aria-label="Storage used"
          aria-valuetext={summary}
        />
      </ProgressBar>
      <p className="small text-body-secondary mt-1 mb-0">{summary}</p>
    </section>
  );
}
