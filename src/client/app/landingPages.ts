// The screens a sign-in leads to: the Study List in the signed-in layout (DEFAULT_LANDING) for a lab user, the
// labs home for the system owner. Their chunks carry webpack's prefetch hint, so once the first load has run
// the browser fetches them at idle priority (<link rel="prefetch">) and the first screen after signing in does
// not wait for them; the sign-in pages also ask for them on submit, beside the sign-in call.
import { labsPages } from '../features/labs';
import { studiesPages } from '../features/studies';

export const loadLabUserLayout = () => import(/* webpackPrefetch: true */ './layout/LabUserLayout');
export const loadStudyListPage = studiesPages.StudyListPage;
export const loadSystemOwnerLayout = () => import(/* webpackPrefetch: true */ './layout/SystemOwnerLayout');
export const loadSystemOwnerHomePage = labsPages.SystemOwnerHomePage;

export function loadLabUserLanding(): Promise<unknown> {
  return Promise.all([loadLabUserLayout(), loadStudyListPage()]);
}

export function loadSystemOwnerLanding(): Promise<unknown> {
  return Promise.all([loadSystemOwnerLayout(), loadSystemOwnerHomePage()]);
}
