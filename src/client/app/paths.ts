// Every route of the portal, once. Links and redirects use getHref; the router uses path.
import { FIRST_PAGE, MAX_PAGE_NUMBER } from '../../shared/limits';

function withRedirect(base: string, redirect?: string): string {
  return redirect ? `${base}?redirect=${encodeURIComponent(redirect)}` : base;
}

const fixed = (path: string) => ({ path, getHref: () => path });

export const paths = {
  home: fixed('/'),
  login: { path: '/login', getHref: (redirect?: string) => withRedirect('/login', redirect) },
  error: fixed('/error'),
  participantSupport: fixed('/participant_support'),
  participantApp: fixed('/participant_app'),
  studies: { path: '/studies/:page', getHref: (page: number = FIRST_PAGE) => `/studies/${page}` },
  studyEdit: { path: '/studies/:id/edit', getHref: (studyId: string) => `/studies/${encodeURIComponent(studyId)}/edit` },
  // Pilot mode (issue 20; the spec has no route for it: docs/decisions.md).
  pilot: {
    path: '/studies/:studyId/pilot/:pilotId',
    getHref: (studyId: string, pilotId: string) => `/studies/${encodeURIComponent(studyId)}/pilot/${encodeURIComponent(pilotId)}`,
  },
  participants: { path: '/participants/:studyId', getHref: (studyId: string) => `/participants/${encodeURIComponent(studyId)}` },
  studyProgress: {
    path: '/participants/check_progress/:studyId',
    getHref: (studyId: string) => `/participants/check_progress/${encodeURIComponent(studyId)}`,
  },
  studyActivity: { path: '/studies/:id/activity', getHref: (studyId: string) => `/studies/${encodeURIComponent(studyId)}/activity` },
  labActivity: fixed('/lab/activity'),
  // The staff member's own account (issue 36): two-step sign-in, and a lab user's API keys.
  account: fixed('/account'),
  systemOwnerAccount: fixed('/systemowner/account'),
  questionnaires: { path: '/qx/qx_list/:page?', getHref: (page: number = FIRST_PAGE) => `/qx/qx_list/${page}` },
  questionnaireEditor: { path: '/qx/:id/edit', getHref: (questionnaireId: string) => `/qx/${encodeURIComponent(questionnaireId)}/edit` },
  mediaFiles: { path: '/media/files/:pageNumber?', getHref: () => '/media/files' },
  mediaFilesPage: { path: '/media/files/:pageNumber', getHref: (page: number = FIRST_PAGE) => `/media/files/${page}` },
  mediaCreateFile: fixed('/media/createfile'),
  mediaEditFile: { path: '/media/files/edit/:id', getHref: (fileId: string) => `/media/files/edit/${encodeURIComponent(fileId)}` },
  labMembers: fixed('/lm/get_users'),
  labMemberRegister: fixed('/lm/register'),
  systemOwnerLogin: {
    path: '/systemowner/login',
    getHref: (redirect?: string) => withRedirect('/systemowner/login', redirect),
  },
  systemOwnerHome: fixed('/systemowner/home'),
  // Routes match case-insensitively, so this also serves /systemowner/createlab as the spec writes it.
  systemOwnerCreateLab: fixed('/systemowner/createLab'),
  systemOwnerLab: { path: '/systemowner/lab/:id', getHref: (labId: string) => `/systemowner/lab/${encodeURIComponent(labId)}` },
  systemOwnerRegister: {
    path: '/systemowner/register/:labId',
    getHref: (labId: string) => `/systemowner/register/${encodeURIComponent(labId)}`,
  },
  systemOwnerEditUser: {
    path: '/systemowner/user/:id/edit',
    getHref: (userId: string, labId: string) =>
      `/systemowner/user/${encodeURIComponent(userId)}/edit?labId=${encodeURIComponent(labId)}`,
  },
  systemOwnerActivity: fixed('/systemowner/activity'),
  systemOwnerStudies: {
    path: '/systemowner/studies/:page?',
    getHref: (page: number = FIRST_PAGE) => `/systemowner/studies/${page}`,
  },
  systemOwnerStudyEdit: {
    path: '/systemowner/studies/:studyId/:managedByUserId/edit',
    getHref: (studyId: string, managedByUserId: string) =>
      `/systemowner/studies/${encodeURIComponent(studyId)}/${encodeURIComponent(managedByUserId)}/edit`,
  },
} as const;

/** A redirect query value is followed only when it is a path on this site (never //other.host or a URL). */
export function safeRedirect(value: string | null, fallback: string): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return fallback;
  return value;
}

/**
 * The page number in a paged list's route: the first page when absent, null when it is not a page number.
 * A number above the highest page the server accepts asks for that page instead: it is beyond the last page
 * too, so the list still goes to its last page (an out-of-range page redirects to the last page).
 */
export function pageFromParam(value: string | undefined): number | null {
  if (value === undefined || value === '') return FIRST_PAGE;
  if (!/^\d+$/.test(value)) return null;
  const page = Number(value);
  return page >= FIRST_PAGE ? Math.min(page, MAX_PAGE_NUMBER) : null;
}
