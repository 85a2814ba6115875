// What every stage column and group block of one editor shares, handed down once instead of through each level.
import { createContext, useContext } from 'react';
import type { AccessName } from '../../../../shared/access';
import type { AssessmentListItem } from '../../../../shared/study/assessmentSettings';
import type { ParticipantGroup } from '../../../../shared/types/study';
import type { StageRef, TriggerQuestionnaireCalls } from './editorCalls';
import type { DraftDispatch } from './studyDraft';
import type { AskConfirmation } from './useConfirmation';

export interface EditorContextValue {
  options: readonly AssessmentListItem[];
  timezones: readonly string[];
  can: (name: AccessName) => boolean;
  edit: DraftDispatch;
  ask: AskConfirmation;
  /** Structure changes; each asks for confirmation first and reloads the study. */
  deleteStage: (stage: StageRef) => void;
  addGroup: (stage: StageRef) => void;
  deleteGroup: (stage: StageRef, group: ParticipantGroup) => void;
  /** Null where follow-up rules can only be read (the system owner's editor). */
  triggerQuestionnaires: TriggerQuestionnaireCalls | null;
  /** Whether a structure change is in flight (its buttons wait). */
  structureBusy: boolean;
}

export const EditorContext = createContext<EditorContextValue | null>(null);

export function useEditorContext(): EditorContextValue {
  const value = useContext(EditorContext);
  if (!value) throw new Error('A study editor part is rendered outside the study editor');
  return value;
}
