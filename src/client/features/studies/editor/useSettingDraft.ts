// The draft of an assessment setting dialog (EMA or diary): the fields as typed, the message of the rule the
// last Apply broke, and Apply itself, which checks the draft and hands over the setting only when no rule is
// broken.
import { useState } from 'react';
import { deepEqual } from '../../../../shared/deepEqual';

export interface SettingDraftRules<Draft, Setting> {
  /** The first broken rule's message, or null. */
  problemOf: (draft: Draft) => string | null;
  /** The setting a valid draft stands for. */
  settingOf: (draft: Draft) => Setting;
}

export function useSettingDraft<Draft extends object, Setting>(initial: Draft, rules: SettingDraftRules<Draft, Setting>, onApply: (setting: Setting) => void) {
  const [draft, setDraft] = useState<Draft>(initial);
  const [problem, setProblem] = useState<string | null>(null);
  // A message describes the setting as it was applied; any change makes it stale.
  const update = (next: (current: Draft) => Draft) => {
    setDraft(next);
    setProblem(null);
  };
  const change = (changes: Partial<Draft>) => update((current) => ({ ...current, ...changes }));
  const apply = () => {
    const found = rules.problemOf(draft);
    setProblem(found);
    if (!found) onApply(rules.settingOf(draft));
  };
  return { draft, problem, update, change, apply, dirty: !deepEqual(draft, initial) };
}
