// Questionnaire versions made visible in the editor (issue 21): a line naming the version that is current and
// the participants whose future tasks are on older ones, and after a save the choice to re-point those tasks.
import { questionnaireVersionTexts } from '../../../../shared/messages';
import type { QuestionnaireVersionUse } from '../../../../shared/types/questionnaireVersions';
import { ConfirmDialog } from '../../../components/ConfirmDialog';

/**
 * The number of the version the questionnaire is now. Content saved but not yet in any plan is no version yet;
 * it becomes the next number when first planned (or re-pointed to), so that number is the one named.
 */
export function currentVersionNumber(versions: readonly QuestionnaireVersionUse[]): number {
  return versions.find((v) => v.current)?.number ?? versions.length + 1;
}

/** The versions other than the current one that participants still have tasks of. */
export function olderVersionsInUse(versions: readonly QuestionnaireVersionUse[]): QuestionnaireVersionUse[] {
  return versions.filter((v) => !v.current && v.participants > 0);
}

/** "2 participants have future tasks on version 1. 1 participant has future tasks on version 2." */
export function olderVersionsText(versions: readonly QuestionnaireVersionUse[]): string {
  return olderVersionsInUse(versions)
    .map((v) => questionnaireVersionTexts.olderInUse(v.participants, v.number))
    .join(' ');
}

/** The editor's line, or null when no participant has tasks of the questionnaire still to answer. */
export function versionsLineText(versions: readonly QuestionnaireVersionUse[]): string | null {
  if (!versions.some((v) => v.participants > 0)) return null;
  const older = olderVersionsText(versions);
  return [questionnaireVersionTexts.current(currentVersionNumber(versions)), older].filter(Boolean).join(' ');
}

export function QuestionnaireVersionsLine({ versions }: { versions: readonly QuestionnaireVersionUse[] | null }) {
  const text = versions && versionsLineText(versions);
  if (!text) return null;
  return <p className="small text-body-secondary mb-3">{text}</p>;
}

interface RepointDialogProps {
  /** The versions as the server answered after the save; null keeps the dialog closed. */
  versions: readonly QuestionnaireVersionUse[] | null;
  busy: boolean;
  onRepoint: () => void;
  onKeep: () => void;
}

/**
 * Asked after a save when participants have future tasks on an earlier version. Keeping their version is what
 * saving always did, so it has the focus (Enter keeps) and Escape or the close button keep too.
 */
export function RepointDialog({ versions, busy, onRepoint, onKeep }: RepointDialogProps) {
  return (
    <ConfirmDialog
      show={versions !== null}
      question={questionnaireVersionTexts.choiceTitle}
      details={versions ? `${olderVersionsText(versions)} ${questionnaireVersionTexts.choiceIntro}` : undefined}
      confirmLabel={questionnaireVersionTexts.repoint}
      cancelLabel={questionnaireVersionTexts.keep}
      confirmVariant="primary"
      focus="cancel"
      busy={busy}
      onConfirm={onRepoint}
      onCancel={onKeep}
    />
  );
}
