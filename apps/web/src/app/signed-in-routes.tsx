import { ADMIN_ROOT, ADMIN_SCREENS, type AdminScreenKey } from "@app/shared/screen-access";
import { Navigate, type RouteObject, useLocation, useRoutes } from "react-router";
import { PublicLayout } from "./layouts/public-layout";
import { type LazyPage, lazyPage, preloadMatches } from "./lazy-page";
import { NotFoundPage } from "./pages/not-found-page";

/**
 * The page of each back-office screen of the shared map (@app/shared/screen-access), and the pages below
 * it by their path under the screen's. A screen without a page, or a page without a screen, does not
 * compile: the route table and the map cannot drift apart (issue 22).
 */
const ADMIN_PAGES: Record<AdminScreenKey, { page: LazyPage; below?: Record<string, LazyPage> }> = {
  dashboard: { page: lazyPage(() => import("../features/dashboard/pages/dashboard-page")) },
  courses: { page: lazyPage(() => import("../features/courses/pages/admin-courses-page")) },
  classes: { page: lazyPage(() => import("../features/classes/pages/admin-classes-page")) },
  enrollments: { page: lazyPage(() => import("../features/enrollments/pages/admin-enrollments-page")) },
  studentAccounts: { page: lazyPage(() => import("../features/student-accounts/pages/admin-student-accounts-page")) },
  teachers: { page: lazyPage(() => import("../features/teachers/pages/admin-teachers-page")) },
  paymentReceipts: { page: lazyPage(() => import("../features/receipts/pages/admin-receipts-page")) },
  financial: { page: lazyPage(() => import("../features/payments/pages/admin-financial-page")) },
  bankStatements: {
    page: lazyPage(() => import("../features/bank-statements/pages/bank-statements-page")),
    below: { ":statementId": lazyPage(() => import("../features/bank-statements/pages/bank-statement-page")) },
  },
  users: { page: lazyPage(() => import("../features/users/pages/admin-users-page")) },
  roles: { page: lazyPage(() => import("../features/users/pages/admin-roles-page")) },
  settings: { page: lazyPage(() => import("../features/settings/pages/admin-settings-page")) },
  teaching: {
    page: lazyPage(() => import("../features/teaching/pages/teaching-classes-page")),
    below: { ":classId": lazyPage(() => import("../features/teaching/pages/teaching-class-page")) },
  },
};

/** The admin routes, relative to /admin, at the map's paths. */
function adminRoutes(): RouteObject[] {
  return (Object.keys(ADMIN_PAGES) as AdminScreenKey[]).flatMap((key) => {
    const { page, below = {} } = ADMIN_PAGES[key];
    const path = ADMIN_SCREENS[key].path.slice(ADMIN_ROOT.length + 1);
    return [
      path ? { path, Component: page } : { index: true, Component: page },
      ...Object.entries(below).map(([sub, Component]) => ({ path: `${path}/${sub}`, Component })),
    ];
  });
}

/**
 * Every screen behind a sign-in (student area, staff area and their sign-in pages), and the 404 page for
 * an address nobody has. Rendered for any path that is not a public page (router.tsx), so the public first
 * load carries neither these routes nor the list of their lazy chunks.
 */
export const signedInRoutes: RouteObject[] = [
  {
    Component: lazyPage(() => import("./layouts/toast-layout")),
    children: [
      { path: "auth", Component: lazyPage(() => import("../features/auth/pages/staff-auth-page")) },
      { path: "reset-password", Component: lazyPage(() => import("../features/auth/pages/reset-password-page")) },
      {
        path: "criar-conta-aluno",
        Component: lazyPage(() => import("../features/student-accounts/pages/create-account-page")),
      },
      {
        path: "login-aluno",
        Component: lazyPage(() => import("../features/student-accounts/pages/student-login-page")),
      },
      // The steps before the student area (decision 028): a temporary password first, then the enrolment form.
      {
        Component: lazyPage(() => import("./layouts/student-layout").then((m) => ({ Component: m.PasswordStep }))),
        children: [
          {
            path: "escolher-senha",
            Component: lazyPage(() => import("../features/student-accounts/pages/choose-password-page")),
          },
        ],
      },
      {
        Component: lazyPage(() => import("./layouts/student-layout").then((m) => ({ Component: m.EnrollmentStep }))),
        children: [
          {
            path: "completar-inscricao",
            Component: lazyPage(() => import("../features/enrollments/pages/complete-enrollment-page")),
          },
        ],
      },
      {
        path: "aluno",
        Component: lazyPage(() => import("./layouts/student-layout")),
        children: [
          { index: true, element: <Navigate to="/aluno/pagamento" replace /> },
          { path: "pagamento", Component: lazyPage(() => import("../features/receipts/pages/student-payment-page")) },
          { path: "acesso", Component: lazyPage(() => import("../features/student-accounts/pages/access-data-page")) },
          {
            path: "certificados",
            Component: lazyPage(() => import("../features/certificates/pages/student-certificates-page")),
          },
          {
            path: "nova-inscricao",
            Component: lazyPage(() => import("../features/enrollments/pages/new-application-page")),
          },
        ],
      },
      {
        path: ADMIN_ROOT.slice(1),
        Component: lazyPage(() => import("./layouts/admin-layout")),
        children: [
          {
            // Which roles open each screen, and which paths are screens at all: the shared map, read by this guard.
            Component: lazyPage(() => import("./guards/role-route").then((m) => ({ Component: m.AdminScreenRoute }))),
            children: adminRoutes(),
          },
          // A staff user's own account (any role; the two-factor set-up, decision 076): not a screen of the map.
          {
            path: "account",
            Component: lazyPage(() => import("../features/two-factor/pages/staff-account-page")),
          },
        ],
      },
    ],
  },
  { element: <PublicLayout />, children: [{ path: "*", Component: NotFoundPage }] },
];

/** The signed-in routes under the app's "*" route (descendant routes, matched from "/"). */
export function Component() {
  const { pathname } = useLocation();
  preloadMatches(signedInRoutes, pathname);
  return useRoutes(signedInRoutes);
}
