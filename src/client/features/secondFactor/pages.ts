// The account page, loaded when its route is first shown (app/AppRoutes.tsx).
export const secondFactorPages = {
  AccountPage: () => import('./AccountPage'),
};
