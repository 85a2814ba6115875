// A study's stages and each stage's groups in the editor's order, as checks and warnings walk them.
import type { ParticipantGroup, Stage, Study } from '../types/study';

export const stagesInOrder = (study: Pick<Study, 'stage_list'>): Stage[] => [...study.stage_list].sort((a, b) => a.stage_num - b.stage_num);
export const groupsInOrder = (stage: Stage): ParticipantGroup[] => [...stage.participant_group_list].sort((a, b) => a.group_num - b.group_num);
