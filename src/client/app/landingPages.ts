// The screens a sign-in leads to: the Study List in the signed-in layout (DEFAULT_LANDING) for a lab user, the
// labs home for the system owner. Their chunks carry webpack's prefetch hint, so once the first load has run
// the browser fetches them at idle priority (<link rel="prefetch">) and the first screen after signing in does
// not wait for them; the sign-in pages also ask for them on submit, beside the sign-in call.
export const loadLabUserLayout = () => import(/* webpackPrefetch: true */ './layout/LabUserLayout');
export const loadStudyListPage = () => import(/* webpackPrefetch: true */ '../features/studies/StudyListPage');
export const loadSystemOwnerLayout = () => import(/* webpackPrefetch: true */ './layout/SystemOwnerLayout');
export const loadSystemOwnerHomePage = () => import(/* webpackPrefetch: true */ '../features/labs/SystemOwnerHomePage');

export function loadLabUserLanding(): Promise<unknown> {
  return Promise.all([loadLabUserLayout(), loadStudyListPage()]);
}

export function loadSystemOwnerLanding(): Promise<unknown> {
  return Promise.all([loadSystemOwnerLayout(), loadSystemOwnerHomePage()]);
}
