// The media pages, each loaded when its route is first shown (app/AppRoutes.tsx).
export const mediaPages = {
  MediaFilesPage: () => import('./MediaFilesPage'),
  CreateFilePage: () => import('./CreateFilePage'),
  EditFilePage: () => import('./EditFilePage'),
};
