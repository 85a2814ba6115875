// The labs pages, each loaded when its route is first shown (app/AppRoutes.tsx). The system owner's home is
// where a sign-in leads, so the browser fetches it at idle priority once the first load has run
// (app/landingPages.ts).
export const labsPages = {
  SystemOwnerHomePage: () => import(/* webpackPrefetch: true */ './SystemOwnerHomePage'),
  LabMembersPage: () => import('./LabMembersPage'),
  SignUpPage: () => import('./SignUpPage'),
  CreateLabPage: () => import('./CreateLabPage'),
  LabPage: () => import('./LabPage'),
  RegisterUserPage: () => import('./RegisterUserPage'),
  EditUserPage: () => import('./EditUserPage'),
};
