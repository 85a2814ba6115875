// The activity page, loaded when one of its routes is first shown (app/AppRoutes.tsx).
export const activityPages = {
  ActivityPage: () => import('./ActivityPage'),
};
