// The app's route table: each address, who may see it, and its screen. A participant who is not signed in is
// sent to sign in, or to create an account from a join link (coming back afterwards); a signed-in one skips the
// account screens.
import { lazy, Suspense, type ReactNode } from 'react';
import { useAnswerCalls } from '../answer/answerCalls';
import { loadAnswerScreen } from '../answer/answerScreen';
import { ForgotPassword } from '../screens/ForgotPassword';
import { Home } from '../screens/Home';
import { Messages } from '../screens/Messages';
import { JoinByLink } from '../screens/JoinByLink';
import { SignIn } from '../screens/SignIn';
import { SignUp } from '../screens/SignUp';
import { Study } from '../screens/Study';
import { APP_BASE } from './paths';

// The answer page brings the questionnaire renderer: loaded when first needed, not in the first load (the
// service worker precaches its chunk, so it opens offline too).
const Answer = lazy(() => loadAnswerScreen().then((m) => ({ default: m.Answer })));

/** The answer page: its calls start at once, while its chunk loads. */
function AnswerRoute({ studyId, taskId }: { studyId: string; taskId: string }) {
  useAnswerCalls(studyId, taskId);
  return (
    <Suspense fallback={null}>
      <Answer studyId={studyId} taskId={taskId} />
    </Suspense>
  );
}

type Params = Record<string, string>;
type Access = 'guest' | 'participant';

export interface Route {
  pattern: string;
  access: Access;
  /** Where a signed-out person goes first: sign in, unless most who open the address have no account yet. */
  signedOutTo?: 'signUp';
  /** null: the address is the app's but its screen is not part of the app yet, and nothing is shown. */
  render: ((params: Params) => ReactNode) | null;
  /** Not in the portal's pilot frame (joining: a pilot account only runs its own pilot); it goes home there. */
  notInPilot?: true;
}

export const routes: Route[] = [
  { pattern: '/', access: 'participant', render: () => <Home /> },
  { pattern: '/signin', access: 'guest', render: () => <SignIn /> },
  { pattern: '/signup', access: 'guest', render: () => <SignUp /> },
  { pattern: '/forgot-password', access: 'guest', render: () => <ForgotPassword /> },
  { pattern: '/join', access: 'participant', render: () => <Home />, notInPilot: true },
  // Most who open a join link or scan its QR code have no account yet (issue 31).
  { pattern: '/join/:studyCode', access: 'participant', signedOutTo: 'signUp', render: (p) => <JoinByLink key={p.studyCode} studyCode={p.studyCode} />, notInPilot: true },
  { pattern: '/messages', access: 'participant', render: () => <Messages /> },
  { pattern: '/studies/:studyId', access: 'participant', render: (p) => <Study key={p.studyId} studyId={p.studyId} /> },
  // Every task is answered here, anytime ones too (by the anytime task's id; the answer then names no task).
  {
    pattern: '/studies/:studyId/tasks/:taskId',
    access: 'participant',
    render: (p) => <AnswerRoute key={`${p.studyId}/${p.taskId}`} studyId={p.studyId} taskId={p.taskId} />,
  },
];

export interface RouteMatch {
  route: Route;
  params: Params;
}

/** The route of an address under /app, or null. */
export function matchRoute(pathname: string): RouteMatch | null {
  if (pathname !== APP_BASE && !pathname.startsWith(`${APP_BASE}/`)) return null;
  const rest = pathname.slice(APP_BASE.length).replace(/\/+$/, '') || '/';
  const parts = rest.split('/');
  for (const route of routes) {
    const wanted = route.pattern.split('/');
    if (wanted.length !== parts.length) continue;
    const params: Params = {};
    const fits = wanted.every((piece, i) => {
      if (piece.startsWith(':')) {
        if (parts[i] === '') return false;
        try {
          params[piece.slice(1)] = decodeURIComponent(parts[i]);
        } catch {
          return false;
        }
        return true;
      }
      return piece === parts[i];
    });
    if (fits) return { route, params };
  }
  return null;
}
