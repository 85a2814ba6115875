// The route table (part 1 section 2). Pages load lazily so the sign-in page stays small.
import { lazy } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { DEFAULT_LANDING } from '../../shared/limits';
import { RequireAccessEntries, RequireLabManager, RequireLabUser, RequireMainHost, RequireSystemOwner } from '../features/auth/guards';
import { QuestionnaireEditorRoute } from '../features/questionnaires/QuestionnaireEditorRoute';
import { AppShell } from './AppShell';
import { loadLabUserLayout, loadStudyListPage, loadSystemOwnerHomePage, loadSystemOwnerLayout } from './landingPages';
import { PublicLayout } from './layout/PublicLayout';
import { paths } from './paths';

// The signed-in layouts (menus, dropdowns) are not needed to sign in, so they load after it.
const LabUserLayout = lazy(() => loadLabUserLayout().then((m) => ({ default: m.LabUserLayout })));
const SystemOwnerLayout = lazy(() => loadSystemOwnerLayout().then((m) => ({ default: m.SystemOwnerLayout })));
const LoginPage = lazy(() => import('../features/auth/LoginPage'));
const SystemOwnerLoginPage = lazy(() => import('../features/auth/SystemOwnerLoginPage'));
const ErrorPage = lazy(() => import('../features/site/ErrorPage'));
const NotFoundPage = lazy(() => import('../features/site/NotFoundPage'));
const ParticipantSupportPage = lazy(() => import('../features/site/ParticipantSupportPage'));
const ParticipantAppPage = lazy(() => import('../features/site/ParticipantAppPage'));
const LabMembersPage = lazy(() => import('../features/labs/LabMembersPage'));
const SignUpPage = lazy(() => import('../features/labs/SignUpPage'));
const SystemOwnerHomePage = lazy(loadSystemOwnerHomePage);
const CreateLabPage = lazy(() => import('../features/labs/CreateLabPage'));
const LabPage = lazy(() => import('../features/labs/LabPage'));
const RegisterUserPage = lazy(() => import('../features/labs/RegisterUserPage'));
const EditUserPage = lazy(() => import('../features/labs/EditUserPage'));
const StudyListPage = lazy(loadStudyListPage);
const StudyEditorPage = lazy(() => import('../features/studies/StudyEditorPage'));
const MediaFilesPage = lazy(() => import('../features/media/MediaFilesPage'));
const CreateFilePage = lazy(() => import('../features/media/CreateFilePage'));
const EditFilePage = lazy(() => import('../features/media/EditFilePage'));
const QuestionnaireListPage = lazy(() => import('../features/questionnaires/QuestionnaireListPage'));
const ParticipantListPage = lazy(() => import('../features/participants/ParticipantListPage'));
const PilotPage = lazy(() => import('../features/studies/pilot/PilotPage'));
const StudyProgressPage = lazy(() => import('../features/participants/progress/StudyProgressPage'));
const ActivityPage = lazy(() => import('../features/activity/ActivityPage'));

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<AppShell />}>
        <Route path={paths.home.path} element={<Navigate to={DEFAULT_LANDING} replace />} />
        <Route element={<PublicLayout />}>
          <Route path={paths.login.path} element={<LoginPage />} />
          <Route path={paths.error.path} element={<ErrorPage />} />
          <Route path={paths.participantSupport.path} element={<ParticipantSupportPage />} />
          <Route path={paths.participantApp.path} element={<ParticipantAppPage />} />
          <Route path="*" element={<NotFoundPage />} />
        </Route>
        <Route element={<RequireLabUser />}>
          <Route element={<LabUserLayout />}>
            {/* The pages with buttons gated on permission entries. */}
            <Route element={<RequireAccessEntries />}>
              <Route path={paths.studies.path} element={<StudyListPage />} />
              <Route path={paths.studyEdit.path} element={<StudyEditorPage />} />
              <Route path={paths.participants.path} element={<ParticipantListPage />} />
            </Route>
            <Route path={paths.studyProgress.path} element={<StudyProgressPage />} />
            <Route path={paths.pilot.path} element={<PilotPage />} />
            <Route path={paths.studyActivity.path} element={<ActivityPage scope="study" />} />
            <Route path={paths.questionnaires.path} element={<QuestionnaireListPage />} />
            <Route path={paths.questionnaireEditor.path} element={<QuestionnaireEditorRoute />} />
            <Route path={paths.mediaFiles.path} element={<MediaFilesPage />} />
            <Route path={paths.mediaCreateFile.path} element={<CreateFilePage />} />
            <Route path={paths.mediaEditFile.path} element={<EditFilePage />} />
            <Route element={<RequireLabManager />}>
              <Route path={paths.labMembers.path} element={<LabMembersPage />} />
              <Route path={paths.labMemberRegister.path} element={<SignUpPage />} />
              <Route path={paths.labActivity.path} element={<ActivityPage scope="lab" />} />
            </Route>
          </Route>
        </Route>
        <Route element={<RequireMainHost />}>
          <Route element={<PublicLayout />}>
            <Route path={paths.systemOwnerLogin.path} element={<SystemOwnerLoginPage />} />
          </Route>
          <Route element={<RequireSystemOwner />}>
            <Route element={<SystemOwnerLayout />}>
              <Route path={paths.systemOwnerHome.path} element={<SystemOwnerHomePage />} />
              <Route path={paths.systemOwnerCreateLab.path} element={<CreateLabPage />} />
              <Route path={paths.systemOwnerLab.path} element={<LabPage />} />
              <Route path={paths.systemOwnerRegister.path} element={<RegisterUserPage />} />
              <Route path={paths.systemOwnerEditUser.path} element={<EditUserPage />} />
              <Route path={paths.systemOwnerStudies.path} element={<StudyListPage scope="systemOwner" />} />
              <Route path={paths.systemOwnerActivity.path} element={<ActivityPage scope="all" />} />
              <Route path={paths.systemOwnerStudyEdit.path} element={<StudyEditorPage scope="systemOwner" />} />
            </Route>
          </Route>
        </Route>
      </Route>
    </Routes>
  );
}
