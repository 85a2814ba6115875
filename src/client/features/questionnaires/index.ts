// What the app uses of questionnaires: the list page and the editor's route.
export { questionnairesPages } from './pages';
export { QuestionnaireEditorRoute } from './QuestionnaireEditorRoute';
