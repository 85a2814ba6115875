// What Save Changes sends (edit_except_consent): the basic information, each stage's texts and each group's
// name, settings (EMA, follow-up rules, diary) and questionnaire lists in their order. Read-only parts (code, status, numbers, consent) stay
// out: the server keeps them as they are.
import type { StudyEditBody, Study } from '../../../../shared/types/study';

export function editBodyOf(study: Study): StudyEditBody {
  return {
    chin_name: study.chin_name,
    contact_person_name: study.contact_person_name,
    contact_email: study.contact_email,
    stage_list: study.stage_list.map((stage) => ({
      _id: stage._id,
      chin_name: stage.chin_name,
      chin_progress_message: stage.chin_progress_message,
      chin_complete_message: stage.chin_complete_message,
      participant_group_list: stage.participant_group_list.map((group) => ({
        _id: group._id,
        name: group.name,
        ema_list: group.ema_list,
        followup_list: group.followup_list,
        diary_list: group.diary_list,
        questionnaire_list: group.questionnaire_list,
        no_submission_limit_list: group.no_submission_limit_list,
      })),
    })),
  };
}
