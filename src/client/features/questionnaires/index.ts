// What the app uses of questionnaires: the list page and the editor's route.
export { questionnairesPages } from './pages';
export { QuestionnaireEditorRoute } from './QuestionnaireEditorRoute';
// The condition builder and the questionnaire calls, for the study editor's follow-up rules (issue 34 part 1).
export { ConditionForm, ConditionGroups } from './editor/ConditionDialog';
export { questionnairesApi } from './questionnairesApi';
