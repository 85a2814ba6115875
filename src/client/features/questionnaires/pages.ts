// The questionnaire list, loaded when its route is first shown (app/AppRoutes.tsx); the editor has its own
// small route (QuestionnaireEditorRoute).
export const questionnairesPages = {
  QuestionnaireListPage: () => import('./QuestionnaireListPage'),
};
