// The sign-in pages, each loaded when its route is first shown (app/AppRoutes.tsx).
export const authPages = {
  LoginPage: () => import('./LoginPage'),
  SystemOwnerLoginPage: () => import('./SystemOwnerLoginPage'),
};
