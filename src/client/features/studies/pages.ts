// The study pages, each loaded when its route is first shown (app/AppRoutes.tsx). The Study List is where a
// lab user's sign-in leads, so the browser fetches it at idle priority once the first load has run
// (app/landingPages.ts).
export const studiesPages = {
  StudyListPage: () => import(/* webpackPrefetch: true */ './StudyListPage'),
  StudyEditorPage: () => import('./StudyEditorPage'),
  PilotPage: () => import('./pilot/PilotPage'),
};
