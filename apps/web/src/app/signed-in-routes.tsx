import { ADMIN_ROOT } from "@app/shared/screen-access";
import { Suspense } from "react";
import { Navigate, type RouteObject, useLocation, useRoutes } from "react-router";
import { ScreenFrameHold, useReleaseUnheldScreenFrame } from "../lib/screen-frame";
import { PublicLayout } from "./layouts/public-layout";
import { lazyPage, preloadMatches } from "./lazy-page";
import { NotFoundPage } from "./pages/not-found-page";

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
      // The staff area: a route table of its own (staff-routes.tsx), so its pages, and the libraries and
      // shared code only they use, are chunks a student's screen never loads (decision 091).
      { path: `${ADMIN_ROOT.slice(1)}/*`, Component: lazyPage(() => import("./staff-routes")) },
    ],
  },
  { element: <PublicLayout />, children: [{ path: "*", Component: NotFoundPage }] },
];

/**
 * The signed-in routes under the app's "*" route (descendant routes, matched from "/"). While a layout or
 * page's code is still coming, the screen's frame (its HTML's drawing, lib/screen-frame.ts) stays.
 */
export function Component() {
  const { pathname } = useLocation();
  preloadMatches(signedInRoutes, pathname);
  useReleaseUnheldScreenFrame();
  return <Suspense fallback={<ScreenFrameHold />}>{useRoutes(signedInRoutes)}</Suspense>;
}
