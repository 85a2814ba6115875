// The participant pages, each loaded when its route is first shown (app/AppRoutes.tsx).
export const participantsPages = {
  ParticipantListPage: () => import('./ParticipantListPage'),
  StudyProgressPage: () => import('./progress/StudyProgressPage'),
};
