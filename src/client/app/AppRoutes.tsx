// The route table (part 1 section 2). Pages load lazily so the sign-in page stays small.
import { lazy } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { DEFAULT_LANDING } from '../../shared/limits';
import { activityPages } from '../features/activity';
import { accountPages } from '../features/account';
import { authPages, RequireAccessEntries, RequireLabManager, RequireLabUser, RequireMainHost, RequireSystemOwner } from '../features/auth';
import { labsPages } from '../features/labs';
import { mediaPages } from '../features/media';
import { participantsPages } from '../features/participants';
import { QuestionnaireEditorRoute, questionnairesPages } from '../features/questionnaires';
import { studiesPages } from '../features/studies';
import { AppShell } from './AppShell';
import { loadLabUserLayout, loadStudyListPage, loadSystemOwnerHomePage, loadSystemOwnerLayout } from './landingPages';
import { PublicLayout } from './layout/PublicLayout';
import { paths } from './paths';

// The signed-in layouts (menus, dropdowns) are not needed to sign in, so they load after it.
const LabUserLayout = lazy(() => loadLabUserLayout().then((m) => ({ default: m.LabUserLayout })));
const SystemOwnerLayout = lazy(() => loadSystemOwnerLayout().then((m) => ({ default: m.SystemOwnerLayout })));
const LoginPage = lazy(authPages.LoginPage);
const SystemOwnerLoginPage = lazy(authPages.SystemOwnerLoginPage);
const ErrorPage = lazy(() => import('./site/ErrorPage'));
const NotFoundPage = lazy(() => import('./site/NotFoundPage'));
const ParticipantSupportPage = lazy(() => import('./site/ParticipantSupportPage'));
const ParticipantAppPage = lazy(() => import('./site/ParticipantAppPage'));
const LabMembersPage = lazy(labsPages.LabMembersPage);
const AccountPage = lazy(accountPages.AccountPage);
const SignUpPage = lazy(labsPages.SignUpPage);
const SystemOwnerHomePage = lazy(loadSystemOwnerHomePage);
const CreateLabPage = lazy(labsPages.CreateLabPage);
const LabPage = lazy(labsPages.LabPage);
const RegisterUserPage = lazy(labsPages.RegisterUserPage);
const EditUserPage = lazy(labsPages.EditUserPage);
const StudyListPage = lazy(loadStudyListPage);
const StudyEditorPage = lazy(studiesPages.StudyEditorPage);
const MediaFilesPage = lazy(mediaPages.MediaFilesPage);
const CreateFilePage = lazy(mediaPages.CreateFilePage);
const EditFilePage = lazy(mediaPages.EditFilePage);
const QuestionnaireListPage = lazy(questionnairesPages.QuestionnaireListPage);
const ParticipantListPage = lazy(participantsPages.ParticipantListPage);
const PilotPage = lazy(studiesPages.PilotPage);
const StudyProgressPage = lazy(participantsPages.StudyProgressPage);
const ActivityPage = lazy(activityPages.ActivityPage);

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
            <Route path={paths.account.path} element={<AccountPage session="labUser" />} />
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
              <Route path={paths.systemOwnerAccount.path} element={<AccountPage session="systemOwner" />} />
            </Route>
          </Route>
        </Route>
      </Route>
    </Routes>
  );
}
