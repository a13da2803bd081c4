import { createBrowserRouter, Navigate, type RouteObject } from "react-router";
import { prefetchCatalog } from "../features/courses/api/catalog";
import { Component as CatalogPage } from "../features/courses/pages/catalog-page";
import { Component as HomePage } from "../features/home/pages/home-page";
import { PublicLayout } from "./layouts/public-layout";

/**
 * Every route of SPEC §2. The two pages most visitors open first (/ and /cursos) come with the shell,
 * so a phone on 3G makes no second round trip for them; every other route is a lazy chunk (student
 * and admin code never reaches a visitor of / or /cursos).
 */
export const routes: RouteObject[] = [
  {
    element: <PublicLayout />,
    // While the first page's chunk loads, paint the header and footer (and no "HydrateFallback" warning).
    HydrateFallback: PublicLayout,
    children: [
      { index: true, loader: prefetchCatalog, Component: HomePage },
      { path: "cursos", loader: prefetchCatalog, Component: CatalogPage },
      { path: "inscricao", lazy: () => import("../features/enrollments/pages/enrollment-entry-page") },
      // Public certificate verification (the QR code of each certificate PDF points here).
      { path: "verificar/:numero?", lazy: () => import("../features/certificates/pages/verify-page") },
      { path: "*", lazy: () => import("./pages/not-found-page") },
    ],
  },
  {
    lazy: () => import("./layouts/toast-layout"),
    children: [
      { path: "auth", lazy: () => import("../features/auth/pages/staff-auth-page") },
      { path: "reset-password", lazy: () => import("../features/auth/pages/reset-password-page") },
      { path: "criar-conta-aluno", lazy: () => import("../features/student-accounts/pages/create-account-page") },
      { path: "login-aluno", lazy: () => import("../features/student-accounts/pages/student-login-page") },
      {
        lazy: () => import("./guards/student-route").then((m) => ({ Component: m.IncompleteStudentRoute })),
        children: [
          {
            path: "completar-inscricao",
            lazy: () => import("../features/enrollments/pages/complete-enrollment-page"),
          },
        ],
      },
      {
        path: "aluno",
        lazy: () => import("./layouts/student-layout"),
        children: [
          { index: true, element: <Navigate to="/aluno/pagamento" replace /> },
          { path: "pagamento", lazy: () => import("../features/receipts/pages/student-payment-page") },
          { path: "acesso", lazy: () => import("../features/student-accounts/pages/access-data-page") },
          { path: "certificados", lazy: () => import("../features/certificates/pages/student-certificates-page") },
          { path: "nova-inscricao", lazy: () => import("../features/enrollments/pages/new-application-page") },
        ],
      },
      {
        path: "admin",
        lazy: () => import("./layouts/admin-layout"),
        children: [
          {
            // Which roles open each screen: the shared screen map (@app/shared/screen-access), read by this guard.
            lazy: () => import("./guards/role-route").then((m) => ({ Component: m.AdminScreenRoute })),
            children: [
              { index: true, lazy: () => import("../features/dashboard/pages/dashboard-page") },
              { path: "courses", lazy: () => import("../features/courses/pages/admin-courses-page") },
              { path: "classes", lazy: () => import("../features/classes/pages/admin-classes-page") },
              { path: "enrollments", lazy: () => import("../features/enrollments/pages/admin-enrollments-page") },
              {
                path: "student-accounts",
                lazy: () => import("../features/student-accounts/pages/admin-student-accounts-page"),
              },
              { path: "teachers", lazy: () => import("../features/teachers/pages/admin-teachers-page") },
              { path: "payment-receipts", lazy: () => import("../features/receipts/pages/admin-receipts-page") },
              { path: "financial", lazy: () => import("../features/payments/pages/admin-financial-page") },
              { path: "users", lazy: () => import("../features/users/pages/admin-users-page") },
              { path: "roles", lazy: () => import("../features/users/pages/admin-roles-page") },
              { path: "settings", lazy: () => import("../features/settings/pages/admin-settings-page") },
              { path: "teaching", lazy: () => import("../features/teaching/pages/teaching-classes-page") },
              { path: "teaching/:classId", lazy: () => import("../features/teaching/pages/teaching-class-page") },
            ],
          },
        ],
      },
    ],
  },
];

export const router = typeof window === "undefined" ? undefined : createBrowserRouter(routes);
